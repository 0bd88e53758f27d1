import ArgumentParser
import Foundation
import GhostSimulation
import VigorConfig

/// `vigor-sim population --users N --days D --seed S [--model NAME]… [--profiles FILE]… [--history-days H] [--json]
/// [--svg FILE]`: draws users from profiles, runs each through the daemon's planning and the engine (their calendars
/// read by the calendar module) and prints the seed's success metrics against their targets, with their 95 % intervals,
/// for each behaviour model (default: the three shipped, on the shipped profiles).
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

    @Option(help: "Profiles JSON file (see Docs/simulation.md), repeatable: one report each; default: the shipped profiles.")
    var profiles: [String] = []

    @Option(help: "Shipped behaviour model for the shipped profiles (pessimistic, central, optimistic), repeatable; default: all three.")
    var model: [String] = []

    @Flag(name: .long, help: "Print the report as JSON instead of a text table.")
    var json = false

    @Option(help: "Write the trust phase per day as an SVG picture to this file.")
    var svg: String?

    @Option(help: "Days of history (0…90) every user's calendars show before day 1, instead of the profiles' per calendar kind.")
    var historyDays: Int?

    func validate() throws {
        guard (1...100_000).contains(users) else { throw ValidationError("--users must be 1…100000, is \(users)") }
        guard (1...3650).contains(days) else { throw ValidationError("--days must be 1…3650, is \(days)") }
        if let historyDays, !(0...90).contains(historyDays) {
            throw ValidationError("--history-days must be 0…90, is \(historyDays)")
        }
        guard profiles.isEmpty || model.isEmpty else { throw ValidationError("--model picks a shipped model for the shipped profiles; a profiles file has its own") }
        let names = ["pessimistic", "central", "optimistic"]
        for name in model where !names.contains(name) {
            throw ValidationError("--model must be one of \(names.joined(separator: ", ")), is '\(name)'")
        }
        guard svg == nil || profiles.count == 1 || model.count == 1 else {
            throw ValidationError("--svg draws one population: give one --model or one --profiles")
        }
    }

    func run() throws {
        let runs = try populations()
        var reports: [PopulationReport] = []
        for (file, drawn) in runs {
            reports.append(try report(drawn, file: file))
        }
        if let svg, let first = reports.first {
            do {
                try Data(first.phaseChartSVG().utf8).write(to: URL(fileURLWithPath: svg), options: .atomic)
            } catch {
                throw PopulationFileError(what: "SVG file", file: svg, problem: "cannot be written (\(error.localizedDescription))")
            }
        }
        if reports.count == 1 {
            print(json ? try reports[0].jsonText() : reports[0].text(), terminator: "")
        } else {
            print(json ? try PopulationComparison(reports: reports).jsonText() : PopulationComparison(reports: reports).text(), terminator: "")
        }
    }

    /// The populations to run, each with the file it came from: the given profiles files, else the shipped profiles
    /// with each model asked for (all three by default).
    private func populations() throws -> [(file: String, profiles: PopulationProfiles)] {
        var runs: [(file: String, profiles: PopulationProfiles)] = []
        if !profiles.isEmpty {
            for file in profiles { runs.append((file, try loadProfiles(file))) }
        } else {
            let standard = try PopulationProfiles.standard()
            let shipped = try BehaviourModel.shipped()
            let wanted = model.isEmpty ? shipped.map(\.name) : model
            for name in wanted {
                var drawn = standard
                drawn.model = shipped.first { $0.name == name }
                runs.append(("(shipped, \(name))", drawn))
            }
        }
        if let historyDays {
            runs = runs.map { run in
                var drawn = run.profiles
                drawn.calendars = drawn.calendars.map { var kind = $0; kind.historyDays = historyDays; return kind }
                return (run.file, drawn)
            }
        }
        return runs
    }

    private func report(_ drawn: PopulationProfiles, file: String) throws -> PopulationReport {
        let config: DaemonConfig
        do {
            config = try ConfigLoader.parse(drawn.config, file: "config", baseDirectory: "")
        } catch {
            throw PopulationFileError(what: "profiles file", file: file, problem: "has a config vigord refuses: \(error)")
        }
        return try Population.run(profiles: drawn, users: users, days: days, seed: seed) { drawnScenario in
            var scenario = drawnScenario
            if let historyDays { scenario.historyDays = historyDays }
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
    }

    private func loadProfiles(_ profiles: String) throws -> PopulationProfiles {
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
