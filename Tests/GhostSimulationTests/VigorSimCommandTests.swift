import Foundation
import Testing
import TestPrograms

/// Runs the built `vigor-sim` binary, as a user would.
struct VigorSimCommandTests {
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The `vigor-sim` built next to the test runner.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("vigor-sim")

    func run(_ arguments: [String]) throws -> Outcome {
        let result = try runProgram(Self.binary.path, arguments)
        return Outcome(status: result.status, output: result.stdout, errors: result.stderr)
    }

    func scenarioPath(_ name: String) -> String {
        ScenarioFiles.directory.appendingPathComponent(name).path
    }

    @Test func printsTheTextTrajectoryAndExitsZero() throws {
        let outcome = try run([scenarioPath("breaker-three-deletions.json")])
        #expect(outcome.status == 0)
        #expect(outcome.output == (try ScenarioFiles.run("breaker-three-deletions.json").text()))
    }

    @Test func jsonFlagPrintsJSON() throws {
        let outcome = try run([scenarioPath("travel-days.json"), "--json"])
        #expect(outcome.status == 0)
        #expect(outcome.output == (try ScenarioFiles.run("travel-days.json").jsonText()))
    }

    @Test func missingFileSaysSoAndExitsNonZero() throws {
        let outcome = try run(["/nonexistent/scenario.json"])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("scenario file '/nonexistent/scenario.json' cannot be read"))
    }

    @Test func invalidScenarioNamesTheKeyPathAndExitsNonZero() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigor-sim-invalid-\(UUID().uuidString).json")
        try Data(#"{"name":"x","startDate":"2026-03-02","days":5,"timeZone":"UTC","seed":1,"completion":{"rate":1}}"#.utf8)
            .write(to: file)
        let outcome = try run([file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("is not a valid scenario: workout: is missing"))
    }

    @Test func simulationDocsSampleIsWhatTheSimulatorPrints() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/simulation.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## A week that changes under its blocks").dropFirst().first)
        let sample = try #require(section.components(separatedBy: "```").dropFirst().first)
        let shown = sample.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(shown.count > 5)
        let output = try run([scenarioPath("changing-week.json")]).output
        let printed = Set(output.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) })
        let stale = shown.filter { !printed.contains($0) }
        #expect(stale.isEmpty, "Docs/simulation.md shows lines vigor-sim does not print:\n\(stale.joined(separator: "\n"))")
    }

    @Test func helpDescribesTheArguments() throws {
        let outcome = try run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("USAGE: vigor-sim <scenario> [--json]"))
    }
}
