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

    @Test func aWearerWhoseNightArrivedIsNotAskedToCheckIn() throws {
        let wearer = try run(days: 10, #","healthSignals":{"coverage":{"min":1,"max":1}},"checkInRate":1"#)
        #expect(wearer.days.allSatisfy { !$0.interactions.contains("checkin") })
        let watchless = try run(days: 10, #","healthSignals":{"coverage":{"min":0,"max":0}},"checkInRate":1"#)
        #expect(watchless.days.filter { $0.interactions.contains("checkin") }.map(\.day) == Array(2...10))
    }
}
