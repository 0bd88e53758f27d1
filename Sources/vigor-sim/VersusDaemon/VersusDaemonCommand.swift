import CivilCalendar
import ArgumentParser
import Foundation
import GhostEngine
import GhostScheduling
import GhostSimulation

/// `vigor-sim versus-daemon SCENARIO.json`: runs the scenario in the simulator, replays the same run against the real
/// vigord (`DaemonReplay`), and compares them every day (`DayComparison`): the day's blocks, trust phase, trust score
/// and health phase. Prints the days compared and the days equal (and the first difference); exits 1 on a difference,
/// and refuses a run in which the simulator placed no block (equal empty days prove nothing).
struct VersusDaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versus-daemon",
        abstract: "Replay a scenario against the real vigord and compare it with the simulator, day by day."
    )

    @Argument(help: "Path of the scenario JSON file (see Docs/simulation.md).")
    var scenario: String

    @Option(help: "The vigord to run; default: the one beside vigor-sim.")
    var vigord: String?

    @Option(help: "The vigorctl to answer with; default: the one beside vigor-sim.")
    var vigorctl: String?

    @Flag(name: .long, help: "Print the comparison as JSON (sorted keys) instead of text.")
    var json = false

    @Flag(name: .long, help: "Keep vigord's scratch folder (its log, state and calendar) and print its path.")
    var keep = false

    func run() throws {
        let (simulator, files) = try ScenarioFile.load(scenario)
        defer { files?.removeReporting() }
        let (trajectory, steps, simulatorDays) = try simulator.runWithSteps()
        guard trajectory.days.contains(where: { !$0.blocks.isEmpty }) else {
            throw ReplayError("scenario '\(scenario)': the simulator placed no block in \(trajectory.days.count) days, so there is nothing to compare")
        }
        if let step = steps.first(where: { if case .notReplayable = $0.action { true } else { false } }),
            case .notReplayable(let what) = step.action
        {
            throw ReplayError("scenario '\(scenario)': \(what) (at \(step.at)) cannot be replayed against vigord yet")
        }
        let loaded = simulator.scenario
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let zone = TimeZone(identifier: loaded.timeZone), let first = LocalDay(iso: loaded.startDate) else {
            throw ReplayError("scenario '\(scenario)': unknown zone or start date")
        }
        let replay = try DaemonReplay(
            vigord: vigord ?? beside.appendingPathComponent("vigord").path,
            vigorctl: vigorctl ?? beside.appendingPathComponent("vigorctl").path, zone: zone)
        defer {
            replay.stop(keep: keep)
            if keep { FileHandle.standardError.write(Data("vigor-sim: vigord's folder kept at \(replay.folder.path)\n".utf8)) }
        }
        try replay.writeCalendars(busy: try Self.weeklyBusy(loaded, first: first, calendar: replay.calendar))
        try replay.start(
            config: DaemonReplay.configText(
                scenarioConfig: loaded.config, zone: loaded.timeZone, sources: (files?.sources ?? []) + replay.replaySources,
                folder: replay.folder),
            at: try replay.calendar.startOfDay(first))
        // The scenario's trips are known from its start, as the simulator's pictures know them.
        try replay.setTravel(loaded.travelDays.map { first.adding(days: $0 - 1) })
        var daemonDays: [ComparedDay] = []
        var pending = steps[...]
        for record in trajectory.days {
            let day = first.adding(days: record.day - 1)
            while let step = pending.first, replay.calendar.day(of: step.at) <= day {
                try replay.perform(step)
                pending = pending.dropFirst()
            }
            daemonDays.append(try replay.day(record.day, date: day))
        }
        let comparison = DayComparison(simulator: simulatorDays, daemon: daemonDays)
        print(json ? try comparison.jsonText() : comparison.text, terminator: "")
        if !comparison.agrees { throw ExitCode(1) }
    }

    /// The scenario's busy time without calendar files (`ScenarioBusy`): its history before day 1, and its weekly busy
    /// times to the end of the last evening's week.
    static func weeklyBusy(_ scenario: Scenario, first: LocalDay, calendar: LocalCalendar) throws -> [BusyInterval] {
        var busy: [BusyInterval] = []
        for offset in -scenario.historyDays..<(scenario.days + 8) {
            busy += try ScenarioBusy.intervals(scenario, on: first.adding(days: offset), firstDay: first, calendar: calendar)
        }
        return busy
    }
}
