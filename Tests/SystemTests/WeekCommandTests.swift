import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl week` against a running vigord: the receipt is named by its week as the user reads a date, and a week that
/// began before vigord was set up says so.
@Suite(.removesScratchFolders) struct WeekCommandTests {
    @Test func theReceiptIsNamedByTheMondayOfItsWeekWithItsWeekday() throws {
        // Wednesday 2027-03-03: the receipt is the week of Monday 1 March.
        let (daemon, _) = try PinnedDaemon.make("week-name")
        try daemon.start()
        defer { withExtendedLifetime(daemon) {} }
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "weekly"] + socket).status == 0)
        let shown = try runCommand(Binaries.vigorctl, ["week"] + socket)
        #expect(shown.stdout.hasPrefix("Week of Mon 1 Mar "), "\(shown.stdout)")
    }

    @Test func theWeekVigordWasSetUpInIsShownAsBeforeItAndTheDotsAreTheReceiptsOwn() throws {
        // Set up on Wednesday 3 March: that week began before vigord; the next is its own.
        let (daemon, _) = try PinnedDaemon.make("week-before")
        try daemon.start()
        defer { withExtendedLifetime(daemon) {} }
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "weekly"] + socket).status == 0)
        let first = try runCommand(Binaries.vigorctl, ["week"] + socket).stdout
        #expect(first.contains("\n  before     this week began before vigord was set up: shown, not counted in the streak\n"), "\(first)")
        let clean = try runCommand(Binaries.vigorctl, ["week", "--clean"] + socket).stdout
        let dots = try #require(clean.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(first.hasPrefix("Week of Mon 1 Mar   \(dots)\n"), "\(first)\n\(clean)")

        // Sunday 14 March: the weekly cycle sums up the week of Monday 8 March.
        _ = try daemon.connect().call(DebugClockMethod.self, .init(advanceHours: 11 * 24))
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "weekly"] + socket).status == 0)
        let next = try runCommand(Binaries.vigorctl, ["week"] + socket).stdout
        #expect(next.hasPrefix("Week of Mon 8 Mar ") && !next.contains("before"), "\(next)\n\(daemon.log)")
    }

    @Test func theWeekShowsTheDotsOfTheReceiptVigordSends() throws {
        // A removed block is `×` in the raw dots and `○` (planned, not done) in the receipt sent: `week` shows the latter.
        let receipt = WeeklyReceiptView(
            weekStart: "2026-11-30", scheduled: 3, completed: 1, missed: 0, removed: 1, moved: 0, transformed: 0, unplannedWorkouts: 0,
            planningMinutesSaved: 30, patterns: [], trustScore: 0.3, trustChange: nil, trustPhase: "scheduler", dots: "●·×····",
            strongWeeks: 0, clean: "A week to build on  ●·○····", cleanAchievements: ["A week to build on"], cleanDots: "●·○····")
        let result = String(decoding: try RPCCoding.makeEncoder().encode(WeeklyReceiptMethod.Result(receipt: receipt)), as: UTF8.self)
        let folder = try makeScratchFolder("week-dots")
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        defer { withExtendedLifetime(server) {} }
        let shown = try runCommand(Binaries.vigorctl, ["week", "--socket", server.path]).stdout
        #expect(shown.hasPrefix("Week of Mon 30 Nov   ●·○····\n"), "\(shown)")
    }
}
