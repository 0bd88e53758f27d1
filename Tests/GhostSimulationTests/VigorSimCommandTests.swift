import Foundation
import Testing

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
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
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
        try Data(#"{"name":"x","startDate":"2026-03-02","days":5,"timeZone":"UTC","seed":1}"#.utf8)
            .write(to: file)
        let outcome = try run([file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("is not a valid scenario: completion: is missing"))
    }

    @Test func aSettingTheDaemonWouldRefuseNamesItsLineInTheScenariosConfig() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigor-sim-config-\(UUID().uuidString).json")
        let scenario = #"{"name":"x","startDate":"2026-03-02","days":5,"timeZone":"UTC","seed":1,"completion":{"rate":1},"#
            + #""config":["[training]","sessions_per_week = 30"]}"#
        try Data(scenario.utf8).write(to: file)
        let outcome = try run([file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("config:2: key 'training.sessions_per_week': must be between 0 and 14; got 30"))
    }

    @Test func helpDescribesTheArguments() throws {
        let outcome = try run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("USAGE: vigor-sim <scenario> [--json]"))
    }
}
