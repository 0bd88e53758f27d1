import CivilCalendar
import Foundation
import GhostEngine
@testable import GhostSimulation
import Testing

/// Health data that reaches vigord late, through a phone's synced export or a watch plugged in now and then.
struct HealthDeliveryTests {
    /// A week from Monday 2 March 2026 in Berlin: handed Auto-Scheduler on day 1, a session every day (07:00, accepted
    /// at 05:30), and a workout on day 2 only; `keys` adds to the scenario, `engine` to its `config`.
    private func scenario(_ keys: String, engine: String = "") throws -> Scenario {
        let text = #"""
            {"name":"late","startDate":"2026-03-02","days":7,"timeZone":"Europe/Berlin","seed":1,
             "config":"[training]\nsessions_per_week = 7\nmin_hours_between_sessions = 0\n\#(engine)",
             "completion":{"rate":0,"periods":[{"fromDay":2,"toDay":2,"rate":1}]},
             "manualPhaseChanges":[{"day":1,"phase":"autoScheduler"}]\#(keys)}
            """#
        return try Scenario.load(from: Data(text.utf8))
    }

    /// The run of `scenario`, day by day as `Simulator` runs it, with the engine as it stands after each day.
    private func run(_ scenario: Scenario) throws -> (ghosts: [Ghost], steps: [SimulatedStep]) {
        let simulator = try ScenarioFiles.simulator(scenario)
        let zone = try #require(TimeZone(identifier: scenario.timeZone))
        var run = try SimulatedRun(
            scenario: scenario, settings: simulator.settings, engineRules: simulator.engineRules, calendars: nil,
            calendar: LocalCalendar(timeZone: zone), firstDay: try #require(LocalDay(iso: scenario.startDate)))
        var ghosts: [Ghost] = []
        for number in 1...scenario.days {
            _ = try run.simulateDay(number)
            ghosts.append(run.ghost)
        }
        return (ghosts, run.steps)
    }

    private let berlin = LocalCalendar(timeZone: TimeZone(secondsFromGMT: 3600) ?? .gmt)  // Berlin in March
    private let day2 = LocalDay(year: 2026, month: 3, day: 3)

    /// When the day-2 workout's record was imported.
    private func workoutImport(_ steps: [SimulatedStep]) -> Date? {
        steps.first { step in
            guard case .importReadings(let samples) = step.action else { return false }
            return samples.contains { $0.kind == .workout }
        }?.at
    }

    /// The status of day 2's block after each day.
    private func dayTwoBlock(_ ghosts: [Ghost]) -> [ScheduledBlock.Status?] {
        ghosts.map { ghost in ghost.blocks.first { $0.day == day2 }?.status }
    }

    /// Plugged in on days 2 and 5 at 05:00: day 2's workout (07:10–07:45) waits for day 5.
    private let plugEveryThreeDays = #","healthDelivery":{"kind":"watchPlug","everyDays":3,"firstPlugDay":2,"hour":5}"#

    @Test func aWorkoutReachesTheGhostAtOnceWhenTheWearableSyncsByItself() throws {
        let (ghosts, steps) = try run(try scenario(""))
        let fiveMinutesAfterItsEnd = try berlin.date(on: day2, hour: 7, minute: 50)
        #expect(workoutImport(steps) == fiveMinutesAfterItsEnd)
        #expect(dayTwoBlock(ghosts).dropFirst() == [.completed, .completed, .completed, .completed, .completed, .completed])
    }

    @Test func aWatchPluggedInEveryThreeDaysBringsTheWorkoutThreeDaysLateAndItThenCompletesItsMissedBlock() throws {
        // The block's triage question stays open for 4 days here: vigord completes a missed block with a workout
        // imported while its question is open.
        let openLong = try scenario(plugEveryThreeDays, engine: #"[engine.triage]\nquestion_expiry_hours = 96\n"#)
        let (ghosts, steps) = try run(openLong)
        let dayFivesPlug = try berlin.date(on: day2.adding(days: 3), hour: 5)
        #expect(workoutImport(steps) == dayFivesPlug)
        #expect(dayTwoBlock(ghosts).dropFirst() == [.missed, .missed, .missed, .completed, .completed, .completed])
        #expect(ghosts[4].workouts.first?.completedBlock != nil)
    }

    @Test func aWorkoutThatLandsAfterItsQuestionExpiredLeavesTheBlockMissedAndCountsAsTheUsersOwn() throws {
        let (ghosts, steps) = try run(try scenario(plugEveryThreeDays))
        let dayFivesPlug = try berlin.date(on: day2.adding(days: 3), hour: 5)
        #expect(workoutImport(steps) == dayFivesPlug)
        #expect(dayTwoBlock(ghosts).last == .missed)
        #expect(ghosts[3].workouts.isEmpty)
        let counted = try #require(ghosts[4].workouts.first)
        #expect(counted.completedBlock == nil)
        #expect(counted.day == day2)
    }

    @Test func theWorkoutsRecordSaysOnWhichDayItReachesTheGhost() throws {
        let late = try ScenarioFiles.simulator(try scenario(plugEveryThreeDays)).run()
        #expect(late.day(2)?.workout?.reachesGhostOnDay == 5)
        let atOnce = try ScenarioFiles.simulator(try scenario("")).run()
        #expect(atOnce.day(2)?.workout?.reachesGhostOnDay == nil)
    }

    @Test func aWorkoutIsZeroInputOnlyIfItsRecordReachedTheGhostWhileTheUserUsedVigord() {
        let late = WorkoutRecord(inGhostBlock: true, reported: .detected, tookInput: false, reachesGhostOnDay: 5)
        #expect(!UserOutcome.countedWithoutInput(late, daysUsed: 4))
        #expect(UserOutcome.countedWithoutInput(late, daysUsed: 5))
        let atOnce = WorkoutRecord(inGhostBlock: true, reported: .detected, tookInput: false)
        #expect(UserOutcome.countedWithoutInput(atOnce, daysUsed: 1))
        let accepted = WorkoutRecord(inGhostBlock: true, reported: .detected, tookInput: true, reachesGhostOnDay: 2)
        #expect(!UserOutcome.countedWithoutInput(accepted, daysUsed: 5))
    }

    @Test func aPhoneThatSyncsItsNightsLateIsNotAskedSleptWellOnceItsRhythmShows() throws {
        func checkInDays(firstSyncMinutes: Int) throws -> [Int] {
            let keys = #","healthSignals":{"coverage":{"min":1,"max":1}},"checkInRate":1,"healthDelivery":{"kind":"phoneSync","everyHours":3,"firstSyncMinutes":\#(firstSyncMinutes)}"#
            return try ScenarioFiles.simulator(try scenario(keys)).run().days.filter { $0.interactions.contains("checkin") }.map(\.day)
        }
        // Syncs at 00:00, 03:00, 06:00…: the night (ending 05:30) lands at 06:00, before that minute's morning cycle.
        #expect(try checkInDays(firstSyncMinutes: 0) == [])
        // Syncs at 01:00, 04:00, 07:00…: it lands at 07:00, after the morning cycle; the night before landed yesterday,
        // within the phone's rhythm, so this night is on its way and no morning asks.
        let late = try checkInDays(firstSyncMinutes: 60)
        #expect(late == [], "\(late)")
        // A phone that stopped syncing from day 3 is asked again once its last night is more than two days old.
        let keys = #","healthSignals":{"coverage":{"min":1,"max":1}},"checkInRate":1,"staleHealthDays":[3,4,5,6,7]"#
        let stopped = try ScenarioFiles.simulator(try scenario(keys)).run().days.filter { $0.interactions.contains("checkin") }.map(\.day)
        #expect(stopped == [4, 5, 6, 7], "\(stopped)")
    }

    @Test func aRecordTravelsWithTheFirstDeliveryAtOrAfterItsEnd() throws {
        let phone = HealthDelivery.phoneSync(everyHours: 3, firstSyncMinutes: 20)
        let wake = try berlin.date(on: day2, hour: 5, minute: 30)
        #expect(try phone.arrival(ofRecordEndingAt: wake, firstDay: day2, calendar: berlin) == berlin.date(on: day2, hour: 6, minute: 20))
        let onTheSync = try berlin.date(on: day2, hour: 6, minute: 20)
        #expect(try phone.arrival(ofRecordEndingAt: onTheSync, firstDay: day2, calendar: berlin) == onTheSync)
        let watch = HealthDelivery.watchPlug(everyDays: 3, firstPlugDay: 2, hour: 22)
        let firstDay = day2.adding(days: -1)
        #expect(try watch.arrival(ofRecordEndingAt: wake, firstDay: firstDay, calendar: berlin) == berlin.date(on: day2, hour: 22))
        let afterThePlug = try berlin.date(on: day2, hour: 22, minute: 30)
        #expect(try watch.arrival(ofRecordEndingAt: afterThePlug, firstDay: firstDay, calendar: berlin) == berlin.date(on: day2.adding(days: 3), hour: 22))
        #expect(try HealthDelivery.immediate.arrival(ofRecordEndingAt: wake, firstDay: firstDay, calendar: berlin) == nil)
    }

    @Test func aSyncIntervalOutsideItsRangeNamesItsKeyPath() throws {
        #expect(throws: ScenarioError(path: "healthDelivery.everyHours", message: "must be 1…24, is 0")) {
            try self.scenario(#","healthDelivery":{"kind":"phoneSync","everyHours":0}"#)
        }
        #expect(throws: ScenarioError(path: "healthDelivery.firstPlugDay", message: "must be 1…3, is 4")) {
            try self.scenario(#","healthDelivery":{"kind":"watchPlug","everyDays":3,"firstPlugDay":4}"#)
        }
    }

    @Test func theStandardPopulationSyncsItsWearersThroughAPhoneOrAPluggedWatch() throws {
        let profiles = try PopulationProfiles.standard()
        let users = (1...400).map { profiles.user($0, days: 60, seed: 1) }
        var phone = 0, plugged = 0, immediate = 0
        for user in users {
            switch user.scenario.healthDelivery {
            case .phoneSync(let hours, let first):
                phone += 1
                #expect((1...6).contains(hours) && (0..<hours * 60).contains(first))
            case .watchPlug(let days, let first, let hour):
                plugged += 1
                #expect((2...7).contains(days) && (1...days).contains(first) && hour == 22)
            case .immediate:
                immediate += 1
                #expect(user.scenario.workoutReports == .logged, "\(user.wearable) syncs at once")
            }
        }
        // Weights 6 : 1 : 3 of 400 users.
        #expect((200...280).contains(phone), "\(phone)")
        #expect((25...60).contains(plugged), "\(plugged)")
        #expect((90...150).contains(immediate), "\(immediate)")
    }
}
