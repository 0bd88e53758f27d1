import Foundation
import GhostSimulation
import VigorConfig

/// The shipped scenario files, found relative to this source file (no bundle resources).
enum ScenarioFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/scenarios")

    /// File names of every shipped scenario.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Loads and runs the named scenario.
    static func run(_ name: String) throws -> Trajectory {
        try simulator(load(name)).run()
    }

    /// The simulator of `scenario`, its `config` read by the daemon's config reader as `vigor-sim` reads it.
    static func simulator(_ scenario: Scenario) throws -> Simulator {
        let config = try ConfigLoader.parse(scenario.config, file: "config", baseDirectory: "")
        return try Simulator(scenario: scenario, settings: config.planningSettings, engineRules: config.engineRules)
    }

    /// Loads the named scenario.
    static func load(_ name: String) throws -> Scenario {
        try Scenario.load(from: Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

extension Trajectory {
    /// The record of 1-based `day`.
    func day(_ number: Int) -> DayRecord? {
        days.first { $0.day == number }
    }

    /// Days on which a health-phase change to `phase` happened.
    func daysEntering(_ phase: String) -> [Int] {
        days.filter { $0.healthChanges.contains { $0.hasSuffix("→\(phase)") } }.map(\.day)
    }
}
