import Foundation
import TestPrograms
import Testing
import VigorRPC

/// The command line's conventions, through the built vigorctl against a real vigord: options before the command,
/// kebab-case values, exit 64 for every invalid argument, a failing `sources`, and JSON errors under --json.
@Suite(.removesScratchFolders, .serialized) struct CommandLineConventionTests {
    /// The `{"error": …}` object vigorctl prints on stdout under --json.
    private func jsonError(_ stdout: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        return try #require(object?["error"] as? [String: Any], "not a JSON error: \(stdout)")
    }

    @Test func theSocketAndJSONOptionsMayComeBeforeTheCommand() throws {
        let daemon = try DaemonHarness(label: "global-options")
        try daemon.start()
        let before = try runCommand(Binaries.vigorctl, ["--socket", daemon.socketPath, "--json", "status"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(try RPCCoding.makeDecoder().decode(DaemonStatus.self, from: Data(before.stdout.utf8)).socket == daemon.socketPath)
        let nested = try runCommand(Binaries.vigorctl, ["--socket=\(daemon.socketPath)", "trust", "set", "scheduler"])
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(nested.stdout.contains("Trust phase set to Scheduler"), "\(nested.stdout)")
        let help = try runCommand(Binaries.vigorctl, ["--help"])
        #expect(help.stdout.contains("before or after the command"), "\(help.stdout)")
    }

    @Test func trustPhasesAreKebabCaseAndTheOldSpellingsStillWork() throws {
        let daemon = try DaemonHarness(label: "kebab")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let kebab = try runCommand(Binaries.vigorctl, ["trust", "set", "auto-scheduler"] + socket)
        #expect(kebab.status == 0, "\(kebab.stderr)")
        #expect(try daemon.connect().call(StatusMethod.self, NoParams()).ghost.trustPhase == "autoScheduler")
        let camel = try runCommand(Binaries.vigorctl, ["trust", "set", "fullGhost"] + socket)
        #expect(camel.status == 0, "\(camel.stderr)")
        #expect(try daemon.connect().call(StatusMethod.self, NoParams()).ghost.trustPhase == "fullGhost")

        let wrong = try runCommand(Binaries.vigorctl, ["trust", "set", "boss"] + socket)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("auto-scheduler") && !wrong.stderr.contains("autoScheduler"), "\(wrong.stderr)")
        let reasons = try runCommand(Binaries.vigorctl, ["triage", "answer", "b1", "--reason", "feeling-great"] + socket)
        #expect(reasons.status == 64 && reasons.stderr.contains("life-happened"), "\(reasons.stderr)")
    }

    @Test func argumentsTheDaemonRefusesExit64LikeAnyInvalidArgument() throws {
        let daemon = try DaemonHarness(label: "invalid-params")
        try daemon.start()
        let busy = try runCommand(Binaries.vigorctl, ["busy", "--from", "x", "--socket", daemon.socketPath])
        #expect(busy.status == 64, "\(busy.stderr)")
        #expect(busy.stderr.hasPrefix("vigorctl: ") && !busy.stderr.contains("-32602"), "\(busy.stderr)")
        #expect(busy.stderr.contains("from"), "the message names the field: \(busy.stderr)")
        let source = try runCommand(Binaries.vigorctl, ["busy", "--source", "nowhere", "--socket", daemon.socketPath])
        #expect(source.status == 64, "\(source.stderr)")
    }

    @Test func sourcesExitsOneWhenASourceFailedAndZeroWhenAllLoaded() throws {
        let broken = Repository.path("Fixtures/calendars/broken/truncated.ics")
        let daemon = try DaemonHarness(label: "sources-failed", config: "[[calendar.source]]\nname = \"broken\"\npath = \"\(broken)\"\n")
        try daemon.start()
        let text = try runCommand(Binaries.vigorctl, ["sources", "--socket", daemon.socketPath])
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("broken (") && text.stdout.contains("failed"), "\(text.stdout)")
        let json = try runCommand(Binaries.vigorctl, ["sources", "--json", "--socket", daemon.socketPath])
        #expect(json.status == 1)
        let result = try RPCCoding.makeDecoder().decode(CalendarSourcesMethod.Result.self, from: Data(json.stdout.utf8))
        #expect(result.sources.map(\.ok) == [false])

        let healthy = try DaemonHarness(label: "sources-ok")
        try healthy.start()
        #expect(try runCommand(Binaries.vigorctl, ["sources", "--socket", healthy.socketPath]).status == 0)
    }

    @Test func underJSONEveryErrorIsJSONOnStdoutWithTheSameExitCode() throws {
        let folder = try makeScratchFolder("json-errors")
        let missing = try runCommand(Binaries.vigorctl, ["--json", "status", "--socket", folder + "/none.sock"])
        #expect(missing.status == 3 && missing.stderr.isEmpty, "\(missing.stderr)")
        let notRunning = try jsonError(missing.stdout)
        #expect(notRunning["kind"] as? String == "not-running" && notRunning["exit"] as? Int == 3)
        #expect((notRunning["message"] as? String)?.contains(folder + "/none.sock") == true)

        let usage = try runCommand(Binaries.vigorctl, ["why", "--limit", "0", "--json"])
        #expect(usage.status == 64 && usage.stderr.isEmpty, "\(usage.stderr)")
        let invalid = try jsonError(usage.stdout)
        #expect(invalid["kind"] as? String == "invalid-arguments" && invalid["exit"] as? Int == 64)
        #expect((invalid["message"] as? String)?.contains("--limit must be between 1 and 200") == true, "\(invalid)")

        let daemon = try DaemonHarness(label: "json-errors")
        try daemon.start()
        let refused = try runCommand(Binaries.vigorctl, ["busy", "--from", "x", "--json", "--socket", daemon.socketPath])
        #expect(refused.status == 64 && refused.stderr.isEmpty, "\(refused.stderr)")
        let params = try jsonError(refused.stdout)
        #expect(params["code"] as? Int == -32602 && params["exit"] as? Int == 64 && params["kind"] as? String == "invalid-arguments")

        let plain = try runCommand(Binaries.vigorctl, ["status", "--socket", folder + "/none.sock"])
        #expect(plain.status == 3 && plain.stdout.isEmpty && plain.stderr.hasPrefix("vigorctl: vigord is not running"))
    }
}
