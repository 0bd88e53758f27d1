import Foundation
import TestPrograms
import Testing
import VigorRPC

/// vigord's test-hook clock: it starts where `VIGORD_CLOCK_START` says, and a value vigord cannot read stops the
/// start before anything is opened.
@Suite(.removesScratchFolders, .serialized) struct TestHookClockTests {
    @Test func vigordsClockStartsAtTheGivenInstantAndRunsOn() throws {
        let start = try TestNow.next(weekday: 1, hour: 22, minute: 30)
        let daemon = try DaemonHarness(label: "clock-start", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n", now: start)
        try daemon.start()
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.startedAt.date >= start && status.startedAt.date < start.addingTimeInterval(60), "\(status.startedAt)")
        #expect(status.startedAt.offsetSeconds == TestNow.berlin.secondsFromGMT(for: start))
    }

    @Test func aStartInstantVigordCannotReadStopsTheStartAndSaysWhichValue() throws {
        let folder = try makeScratchFolder("clock-refused")
        var environment = ProcessInfo.processInfo.environment
        environment["VIGORD_TEST_HOOKS"] = "1"
        environment["VIGORD_CLOCK_START"] = "next tuesday"
        let result = try runCommand(
            Binaries.vigord, ["--config", "/dev/null", "--socket", folder + "/s.sock", "--state-dir", folder + "/state"],
            environment: environment)
        #expect(result.status == 78)
        #expect(result.stderr.contains("VIGORD_CLOCK_START='next tuesday' is not an RFC 3339 instant"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/state/vigor.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }
}
