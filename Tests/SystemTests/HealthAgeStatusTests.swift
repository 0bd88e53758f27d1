import Foundation
import TestPrograms
import Testing
import VigorRPC

@Suite(.removesScratchFolders, .serialized) struct HealthAgeStatusTests {
    /// An RFC 3339 time in UTC.
    private func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    @Test func statusAgesTheNewestHealthDataAsTheDaemonsClockMoves() throws {
        let daemon = try DaemonHarness(label: "ages")
        try daemon.start()
        let connection = try daemon.connect()
        #expect(try connection.call(StatusMethod.self, NoParams()).health.freshness == "unknown")

        let measured = daemon.now.addingTimeInterval(-600)
        let file = daemon.folder + "/hrv.jsonl"
        try #"{"type":"hrv","start":"\#(stamp(measured))","value":48,"source":"oura"}"#.appending("\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runCommand(Binaries.vigorctl, ["import", file, "--socket", daemon.socketPath])
        #expect(imported.status == 0, "\(imported.stderr)")
        var health = try connection.call(StatusMethod.self, NoParams()).health
        #expect(health.freshness == "fresh" && health.newestDataKind == "hrv")

        _ = try connection.call(DebugClockMethod.self, .init(advanceHours: 3))
        health = try connection.call(StatusMethod.self, NoParams()).health
        #expect(health.freshness == "stale")
        let text = try runCommand(Binaries.vigorctl, ["status", "--socket", daemon.socketPath])
        #expect(text.stdout.contains("health data newest hrv ended"))
        #expect(text.stdout.contains("ago): stale"))

        _ = try connection.call(DebugClockMethod.self, .init(advanceHours: 22))
        #expect(try connection.call(StatusMethod.self, NoParams()).health.freshness == "expired")
    }
}
