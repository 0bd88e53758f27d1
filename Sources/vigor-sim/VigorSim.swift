import ArgumentParser
import Foundation
import GhostSimulation
import VigorConfig

/// `vigor-sim [run] SCENARIO.json [--json]`, `vigor-sim population …` and `vigor-sim versus-daemon SCENARIO.json`: the
/// Ghost engine and the daemon's planning over one simulated user or a drawn population, or one user's run replayed
/// against the real vigord and compared day by day.
@main
struct VigorSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-sim",
        abstract: "Run the Ghost engine and the daemon's planning over simulated users.",
        subcommands: [ScenarioCommand.self, PopulationCommand.self, VersusDaemonCommand.self],
        defaultSubcommand: ScenarioCommand.self
    )
}

/// `vigor-sim [run] SCENARIO.json [--json]`: runs the Ghost engine and the daemon's planning over a scenario and prints
/// the trajectory. The scenario's `config` is read by the daemon's own config reader (`ConfigLoader`).
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the Ghost engine and the daemon's planning over a simulated user and print the day-by-day trajectory."
    )

    @Argument(help: "Path of the scenario JSON file (see Docs/simulation.md).")
    var scenario: String

    @Flag(name: .long, help: "Print the trajectory as JSON instead of a text table.")
    var json = false

    func run() throws {
        let (simulator, files) = try ScenarioFile.load(scenario)
        defer { files?.removeReporting() }
        let trajectory = try simulator.run()
        print(json ? try trajectory.jsonText() : trajectory.text(), terminator: "")
    }
}

/// Reading a scenario file: its JSON, its `config` through the daemon's config reader, its calendars through the
/// calendar module.
enum ScenarioFile {
    /// The simulator for the scenario at `path`, and its calendar files (nil: none), to remove when done.
    static func load(_ path: String) throws -> (Simulator, ScenarioCalendarFiles?) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScenarioFileError(file: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        var files: ScenarioCalendarFiles?
        do {
            let loaded = try Scenario.load(from: data)
            let config = try ConfigLoader.parse(loaded.config, file: "config", baseDirectory: "")
            files = loaded.calendars.isEmpty ? nil : try ScenarioCalendarFiles(scenario: loaded, scenarioFile: path)
            let simulator = try Simulator(
                scenario: loaded, settings: config.planningSettings, engineRules: config.engineRules, calendars: files)
            return (simulator, files)
        } catch {
            files?.removeReporting()
            throw ScenarioFileError(file: path, problem: "is not a valid scenario: \(error)")
        }
    }
}

extension ScenarioCalendarFiles {
    /// Removes the folder; a failure is said on stderr (the run's result stands).
    func removeReporting() {
        do {
            try remove()
        } catch {
            FileHandle.standardError.write(Data("vigor-sim: could not remove \(folder.path): \(error)\n".utf8))
        }
    }
}

/// A scenario file that could not be used, said with the file name.
struct ScenarioFileError: Error, CustomStringConvertible {
    let file: String
    let problem: String

    var description: String { "scenario file '\(file)' \(problem)" }
}
