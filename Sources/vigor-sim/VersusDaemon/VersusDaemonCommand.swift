import CivilCalendar
import ArgumentParser
import Foundation
import GhostEngine
import GhostSimulation

/// `vigor-sim versus-daemon SCENARIO.json`: runs the scenario in the simulator, replays the same run against the real
/// vigord (`DaemonReplay`), and compares them every day (`DayComparison`): the day's blocks, trust phase, trust score
/// and health phase. Prints the days compared and the days equal (and the first difference); exits 1 on a difference.
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
        let (trajectory, steps) = try simulator.runWithSteps()
        if let step = steps.first(where: { if case .notReplayable = $0.action { true } else { false } }),
            case .notReplayable(let what) = step.action
        {
            throw ReplayError("scenario '\(scenario)': \(what) (at \(step.at)) cannot be replayed against vigord yet")
        }
        let loaded = simulator.scenario
        guard loaded.busy.isEmpty, loaded.unknownDays.isEmpty, loaded.travelDays.isEmpty else {
            throw ReplayError("scenario '\(scenario)': weekly `busy` times, `unknownDays` and `travelDays` cannot be replayed against vigord yet (give busy time as `calendars`)")
        }
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
        try replay.start(
            config: DaemonReplay.configText(
                scenarioConfig: loaded.config, zone: loaded.timeZone, sources: files?.sources ?? [], folder: replay.folder),
            at: try replay.calendar.startOfDay(first))
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
        let comparison = DayComparison(simulator: trajectory.days.map(ComparedDay.init), daemon: daemonDays)
        print(json ? try comparison.jsonText() : comparison.text, terminator: "")
        if !comparison.agrees { throw ExitCode(1) }
    }
}
