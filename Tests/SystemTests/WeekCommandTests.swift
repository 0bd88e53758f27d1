import Foundation
import TestPrograms
import Testing

/// `vigorctl week` against a running vigord: the receipt is named by its week as the user reads a date.
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
}
