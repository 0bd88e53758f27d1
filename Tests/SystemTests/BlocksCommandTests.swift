import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl blocks` says first which days it lists: by default today and the next 6 days, named.
@Suite(.removesScratchFolders, .serialized) struct BlocksCommandTests {
    /// "Wed 2026-11-25" of `date` in Berlin.
    private static func label(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(parts.weekday ?? 1) - 1]
        return String(format: "%@ %04d-%02d-%02d", weekday, parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func theHeadingNamesTodayAndTheNextSixDaysOrTheDaysAsked() throws {
        let daemon = try DaemonHarness(label: "blocks-heading", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let today = daemon.now
        let plain = try runCommand(Binaries.vigorctl, ["blocks"] + socket)
        #expect(plain.status == 0, "\(plain.stderr)")
        let heading = "Blocks for today and the next 6 days, \(Self.label(today)) to \(Self.label(today.addingTimeInterval(6 * 86_400))):"
        #expect(plain.stdout.hasPrefix(heading + "\n"), "\(plain.stdout)")

        let asked = try runCommand(Binaries.vigorctl, ["blocks", "--from", "2026-11-23", "--to", "2026-11-30"] + socket)
        #expect(asked.stdout.hasPrefix("Blocks from Mon 2026-11-23 to Sun 2026-11-29:\n"), "the end is exclusive: \(asked.stdout)")
        let oneDay = try runCommand(Binaries.vigorctl, ["blocks", "--from", "2026-11-23", "--to", "2026-11-24"] + socket)
        #expect(oneDay.stdout.hasPrefix("Blocks on Mon 2026-11-23:\n"), "\(oneDay.stdout)")
        let timed = try runCommand(Binaries.vigorctl, ["blocks", "--from", "2026-11-23T07:00:00+01:00", "--to", "2026-11-30"] + socket)
        #expect(timed.stdout.hasPrefix("Blocks from Mon 2026-11-23 07:00 until Mon 2026-11-30:\n"), "\(timed.stdout)")
    }
}
