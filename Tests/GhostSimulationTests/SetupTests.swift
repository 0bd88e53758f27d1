import GhostEngine
import GhostSimulation
import Testing

/// Setup's first plan in a simulation: the history the calendars show, the first plan and insight, and the time to
/// the first magic counted from the end of the install.
struct SetupTests {
    func run(busy: [BusyTime], historyDays: Int) throws -> Trajectory {
        let scenario = Scenario(
            name: "setup", startDate: "2026-03-02", days: 10, timeZone: "Europe/Berlin", seed: 2, busy: busy,
            completion: CompletionBehaviour(rate: 0), historyDays: historyDays, setupHour: 20)
        return try ScenarioFiles.simulator(scenario).run()
    }

    @Test func aCalendarWithMonthsOfHistoryGetsItsFirstPlanAtTheEndOfTheInstall() throws {
        // Office hours from day 1, and a calendar that shows an event on each of the 60 days before it. Setup, on the
        // evening before day 1, reads the 90 days up to the day before: 59 of them show something.
        let trajectory = try run(busy: [BusyTime(weekdays: [2, 3, 4, 5, 6], fromHour: 9, toHour: 17)], historyDays: 60)
        let setup = try #require(trajectory.setup)
        #expect(setup.readableHistoryDays == 59)
        #expect(setup.phase == .scheduler)
        #expect(setup.block != nil)
        let outcome = UserOutcome(trajectory)
        #expect(outcome.minutesToFirstMagic == 0)
        #expect(outcome.minutesToFirstDesktopProposal == 0)
        #expect(trajectory.days[0].interactions.first == "setup")
    }

    @Test func anEmptyCalendarWaitsForTheObserversWeekCountedFromTheInstall() throws {
        let trajectory = try run(busy: [], historyDays: 0)
        let setup = try #require(trajectory.setup)
        #expect(setup.readableHistoryDays == 0)
        #expect(setup.phase == .observer)
        #expect(setup.block == nil)
        #expect(!setup.insight)
        let first = try #require(trajectory.days.first { !$0.blocks.isEmpty })
        let outcome = UserOutcome(trajectory)
        // From 20:00 the evening before day 1 to 21:00 the evening before the first block's day.
        #expect(outcome.minutesToFirstMagic == Double((first.day - 1) * 1440 + 60))
        #expect(outcome.minutesToFirstDesktopProposal == outcome.minutesToFirstMagic)
    }
}
