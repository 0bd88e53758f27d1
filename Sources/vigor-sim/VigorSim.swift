import ArgumentParser
import Foundation
import GhostSimulation

/// `vigor-sim SCENARIO.json [--json]`: runs the ghost engine over a scenario and prints the trajectory.
@main
struct VigorSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-sim",
        abstract: "Run the Ghost engine over a simulated user and print the day-by-day trajectory."
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
        do {
            simulator = try Simulator(scenario: Scenario.load(from: data))
        } catch {
            throw ScenarioFileError(file: scenario, problem: "is not a valid scenario: \(error)")
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
