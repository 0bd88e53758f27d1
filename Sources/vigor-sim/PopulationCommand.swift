import ArgumentParser
import Foundation
import GhostSimulation
import VigorDaemon

/// `vigor-sim population --users N --days D --seed S [--history-days H] [--profiles FILE] [--json] [--svg FILE]`: draws users from
/// profiles, runs each through the daemon's planning and the engine (their calendars read by the calendar module) and
/// prints the seed's success metrics against their targets.
struct PopulationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "population",
        abstract: "Simulate a population drawn from profiles and report the seed's success metrics."
    )

    @Option(help: "Number of users (1…100000).")
    var users: Int

    @Option(help: "Days simulated per user (1…3650).")
    var days: Int

    @Option(help: "Random seed: the same seed gives the same population and report.")
    var seed: UInt64

    @Option(help: "Profiles JSON file (see Docs/simulation.md); default: the shipped profiles.")
    var profiles: String?

    @Flag(name: .long, help: "Print the report as JSON instead of a text table.")
    var json = false

    @Option(help: "Write the trust phase per day as an SVG picture to this file.")
    var svg: String?

    @Option(help: "Days of history (0…90) every user's calendars show before day 1; the Observer counts them. Default 0.")
    var historyDays = 0

    func validate() throws {
        guard (1...100_000).contains(users) else { throw ValidationError("--users must be 1…100000, is \(users)") }
        guard (1...3650).contains(days) else { throw ValidationError("--days must be 1…3650, is \(days)") }
        guard (0...90).contains(historyDays) else { throw ValidationError("--history-days must be 0…90, is \(historyDays)") }
    }

    func run() throws {
        let drawn = try loadProfiles()
        let config: DaemonConfig
        do {
            config = try ConfigLoader.parse(drawn.config, file: "config", baseDirectory: "")
        } catch {
            throw PopulationFileError(what: "profiles file", file: profiles ?? "(shipped)", problem: "has a config vigord refuses: \(error)")
        }
        let report = try Population.run(profiles: drawn, users: users, days: days, seed: seed) { drawnScenario in
            var scenario = drawnScenario
            scenario.historyDays = historyDays
            let files = try ScenarioCalendarFiles(scenario: scenario, scenarioFile: "")
            let trajectory: Trajectory
            do {
                trajectory = try Simulator(
                    scenario: scenario, settings: config.planningSettings, engineRules: config.engineRules, calendars: files
                ).run()
            } catch {
                try files.remove()
                throw error
            }
            try files.remove()
            return trajectory
        }
        if let svg {
            do {
                try Data(report.phaseChartSVG().utf8).write(to: URL(fileURLWithPath: svg), options: .atomic)
            } catch {
                throw PopulationFileError(what: "SVG file", file: svg, problem: "cannot be written (\(error.localizedDescription))")
            }
        }
        print(json ? try report.jsonText() : report.text(), terminator: "")
    }

    private func loadProfiles() throws -> PopulationProfiles {
        guard let profiles else { return try PopulationProfiles.standard() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: profiles))
        } catch {
            throw PopulationFileError(what: "profiles file", file: profiles, problem: "cannot be read (\(error.localizedDescription))")
        }
        do {
            return try PopulationProfiles.load(from: data)
        } catch {
            throw PopulationFileError(what: "profiles file", file: profiles, problem: "is not a valid profiles file: \(error)")
        }
    }
}

/// A profiles or picture file that could not be used, said with its name.
struct PopulationFileError: Error, CustomStringConvertible {
    let what: String
    let file: String
    let problem: String

    var description: String { "\(what) '\(file)' \(problem)" }
}
