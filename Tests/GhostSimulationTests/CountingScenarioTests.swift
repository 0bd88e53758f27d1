import Foundation
import Testing
import GhostEngine
import GhostSimulation

/// What counts toward ghost health and what the morning asks, in simulated runs.
struct CountingScenarioTests {
    /// A scenario of `days` days from 2 March 2026 in Berlin, with `extra` keys.
    func run(days: Int, _ extra: String) throws -> Trajectory {
        let text = #"{"name":"x","startDate":"2026-03-02","days":\#(days),"timeZone":"Europe/Berlin","seed":1,"completion":{"rate":1}"#
            + extra + "}"
        return try ScenarioFiles.simulator(try Scenario.load(from: Data(text.utf8))).run()
    }

    @Test func aFailedNotificationOnAnEveningWithNothingToSayIsNotCounted() throws {
        // An Auto-Scheduler writes its blocks without asking: its evenings have nothing new to deliver.
        let trajectory = try run(days: 10, #","manualPhaseChanges":[{"day":1,"phase":"autoScheduler"}],"notificationFailureDays":[3,4]"#)
        #expect(trajectory.days.contains { $0.blocks.contains { $0.origin == .auto } })
        #expect(trajectory.days.allSatisfy { $0.ghostHealth == .healthy })
    }

    @Test func aFailedNotificationOnAnEveningWithAProposalIsCounted() throws {
        // A Scheduler asks every evening it plans a session for tomorrow: each failed delivery counts.
        let plain = try run(days: 10, #","manualPhaseChanges":[{"day":1,"phase":"scheduler"}],"config":"[training]\nsessions_per_week = 7\n""#)
        let proposing = plain.days.filter { record in
            plain.day(record.day + 1)?.blocks.contains { $0.origin == .proposal } == true
        }.map(\.day)
        let evenings = Array(proposing.prefix(2))
        try #require(evenings.count == 2 && evenings[1] == evenings[0] + 1)
        let failing = try run(
            days: 10,
            #","manualPhaseChanges":[{"day":1,"phase":"scheduler"}],"config":"[training]\nsessions_per_week = 7\n","notificationFailureDays":[\#(evenings[0]),\#(evenings[1])]"#)
        #expect(failing.day(evenings[1])?.ghostHealth == .degraded)
    }

    @Test func aWearerWhoseNightArrivedIsNotAskedToCheckIn() throws {
        let wearer = try run(days: 10, #","healthSignals":{"coverage":{"min":1,"max":1}},"checkInRate":1"#)
        #expect(wearer.days.allSatisfy { !$0.interactions.contains("checkin") })
        let watchless = try run(days: 10, #","healthSignals":{"coverage":{"min":0,"max":0}},"checkInRate":1"#)
        #expect(watchless.days.filter { $0.interactions.contains("checkin") }.map(\.day) == Array(2...10))
    }
}
