import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl checkin` and `vigorctl recovery` against a running vigord over its socket.
@Suite(.removesScratchFolders, .serialized) struct CheckInCommandTests {
    /// Three nights of 7 h asleep ending 06:00 UTC on the three mornings before today, as JSON Lines.
    private static func threeNights(now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: now)
        let stamp = ISO8601DateFormatter()
        return (1...3).map { back in
            let end = today.addingTimeInterval(Double(-back) * 86_400 + 6 * 3600)
            return #"{"type":"sleep","start":"\#(stamp.string(from: end.addingTimeInterval(-7 * 3600)))","end":"\#(stamp.string(from: end))","source":"band","stage":"asleep"}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test func aCheckInFillsTheNightNoDeviceRecordedAndRecoveryShowsWhereItCameFrom() throws {
        let daemon = try DaemonHarness(label: "checkin", config: "[schedule]\ntimezone = \"UTC\"\n")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let nights = daemon.folder + "/nights.jsonl"
        try Self.threeNights(now: daemon.now).write(toFile: nights, atomically: true, encoding: .utf8)
        #expect(try runCommand(Binaries.vigorctl, ["import", nights] + socket).status == 0)

        let none = try runCommand(Binaries.vigorctl, ["checkin"] + socket)
        #expect(none.status != 0 && none.stderr.contains("--slept"))
        let first = try runCommand(Binaries.vigorctl, ["checkin", "--slept", "6", "--felt", "tired"] + socket)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Noted for") && first.stdout.contains("slept 6 h, feeling tired"))
        let again = try runCommand(Binaries.vigorctl, ["checkin", "--slept", "6", "--json"] + socket)
        let result = try RPCCoding.decode(CheckInResult.self, from: try JSONParser.parse(Data(again.stdout.utf8)))
        #expect(result.replaced && result.sleptMinutes == 360 && result.felt == nil)

        #expect(try runCommand(Binaries.vigorctl, ["cycle", "morning"] + socket).status == 0)
        let shown = try runCommand(Binaries.vigorctl, ["recovery", "--inputs"] + socket)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("86/100  (sleep 86)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("sleepMinutes = 360 from check-in:sleep:reported"))
        #expect(shown.stdout.contains("vigor-recovery@1"))
    }

    @Test func recoveryWithoutScoresSaysWhatItNeeds() throws {
        let daemon = try DaemonHarness(label: "recovery-empty")
        try daemon.start()
        let shown = try runCommand(Binaries.vigorctl, ["recovery", "--days", "3", "--socket", daemon.socketPath])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("No recovery score in the last 3 day(s)"))
        let refused = try runCommand(Binaries.vigorctl, ["recovery", "--days", "400", "--socket", daemon.socketPath])
        #expect(refused.status != 0 && refused.stderr.contains("'days'"))
    }
}
