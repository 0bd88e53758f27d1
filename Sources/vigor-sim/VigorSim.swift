import ArgumentParser
import Foundation
import GhostSimulation
import VigorDaemon

/// `vigor-sim [run] SCENARIO.json [--json]` and `vigor-sim population …`: the Ghost engine and the daemon's planning
/// over one simulated user, or over a drawn population.
@main
struct VigorSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-sim",
        abstract: "Run the Ghost engine and the daemon's planning over simulated users.",
        subcommands: [ScenarioCommand.self, PopulationCommand.self],
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
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: scenario))
        } catch {
            throw ScenarioFileError(file: scenario, problem: "cannot be read (\(error.localizedDescription))")
        }
        let simulator: Simulator
        let files: ScenarioCalendarFiles?
        do {
            let loaded = try Scenario.load(from: data)
            let config = try ConfigLoader.parse(loaded.config, file: "config", baseDirectory: "")
            files = loaded.calendars.isEmpty ? nil : try ScenarioCalendarFiles(scenario: loaded, scenarioFile: scenario)
            simulator = try Simulator(
                scenario: loaded, settings: config.planningSettings, engineRules: config.engineRules, calendars: files)
        } catch {
            throw ScenarioFileError(file: scenario, problem: "is not a valid scenario: \(error)")
        }
        defer {
            do {
                try files?.remove()
            } catch {
                FileHandle.standardError.write(Data("vigor-sim: could not remove \(files?.folder.path ?? ""): \(error)\n".utf8))
            }
        }
        let trajectory = try simulator.run()
        print(json ? try trajectory.jsonText() : trajectory.text(), terminator: "")
    }
}

/// A scenario file that could not be used, said with the file name.
struct ScenarioFileError: Error, CustomStringConvertible {
    let file: String
    let problem: String

    var description: String { "scenario file '\(file)' \(problem)" }
}
