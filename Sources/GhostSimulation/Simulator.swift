import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// Runs the real engine over a scenario, one local day at a time, with the daemon's planning functions
/// (`GhostScheduling/Planning`: the evening plan, re-planning, the morning rules) and a seeded simulated user.
public struct Simulator: Sendable {
    /// The scenario being run.
    public let scenario: Scenario
    /// The user's settings, as the daemon's config reader read them from the scenario's `config`.
    public let settings: PlanningSettings
    /// The Ghost's rules (`[engine]`).
    public let engineRules: EngineRules
    /// The scenario's calendars as the calendar module reads them; nil: the scenario has none.
    public let calendars: (any ScenarioCalendars)?
    private let calendar: LocalCalendar
    private let firstDay: LocalDay

    /// Prepares a validated scenario with the settings read from its `config`.
    /// - Throws: `ScenarioError` when the scenario is invalid or its settings cannot plan a session.
    public init(
        scenario: Scenario, settings: PlanningSettings, engineRules: EngineRules = .standard, calendars: (any ScenarioCalendars)? = nil
    ) throws(ScenarioError) {
        try scenario.validate()
        do {
            try settings.training.validate()
            try settings.rules.validate()
        } catch {
            throw ScenarioError(path: "config", message: error.message)
        }
        guard scenario.calendars.isEmpty || calendars != nil else {
            throw ScenarioError(path: "calendars", message: "are read by the calendar module: run the scenario with vigor-sim")
        }
        self.settings = settings
        self.engineRules = engineRules
        self.calendars = calendars
        guard let firstDay = LocalDay(iso: scenario.startDate), let zone = TimeZone(identifier: scenario.timeZone) else {
            throw ScenarioError(path: "startDate", message: "could not be read")
        }
        self.scenario = scenario
        self.calendar = LocalCalendar(timeZone: zone)
        self.firstDay = firstDay
    }

    /// Simulates every day and returns the trajectory. Same scenario and seed, same trajectory.
    /// - Throws: `SimulationError` when the engine rejects an event (a simulator bug, reported not hidden).
    public func run() throws(SimulationError) -> Trajectory {
        try runWithSteps().trajectory
    }

    /// Simulates every day and returns the trajectory with the steps that made it, for replaying the run against vigord,
    /// and each day as it is compared with vigord's.
    /// - Throws: `SimulationError` when the engine rejects an event.
    public func runWithSteps() throws(SimulationError) -> (trajectory: Trajectory, steps: [SimulatedStep], compared: [ComparedDay]) {
        var run = try SimulatedRun(
            scenario: scenario, settings: settings, engineRules: engineRules, calendars: calendars, calendar: calendar, firstDay: firstDay)
        var records: [DayRecord] = []
        if let hour = scenario.setupHour { try run.runSetup(hour: hour) }
        var compared: [ComparedDay] = []
        var left: Departure?
        for number in 1...scenario.days {
            let record = try run.simulateDay(number)
            records.append(record)
            compared.append(ComparedDay(record, week: run.weekAhead(of: firstDay.adding(days: number - 1))))
            left = scenario.retention?.departure(after: records)
            if left != nil { break }
        }
        let ghost = run.ghost
        let trajectory = Trajectory(
            scenario: scenario.name, seed: scenario.seed, days: records,
            summary: TrajectorySummary(
                finalTrustPhase: ghost.trust.phase, finalTrustScore: ghost.trust.score,
                finalHealthPhase: ghost.health.phase,
                breakerFirings: records.reduce(0) { $0 + $1.breakerFirings },
                deletions: records.reduce(0) { $0 + $1.deletions },
                blocksPlaced: records.reduce(0) { $0 + $1.blocks.count },
                receipts: records.reduce(0) { $0 + $1.receipts.count }),
            left: left, setup: run.setup)
        return (trajectory, run.steps, compared)
    }
}
