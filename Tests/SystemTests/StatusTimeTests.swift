import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl status` shows its times as the user reads them ("Sun 6 Dec 19:00"), not in the API's RFC 3339.
@Test(.removesScratchFolders) func vigorctlStatusShowsItsStartTheNextHoldAndTheNextCyclesAsADayAndAClock() throws {
    // A weekday afternoon: vigord's start-up has no missed evening cycle to run beside the test's own.
    let daemon = try DaemonHarness(label: "status-times", now: try #require(RPCTimestamp(rfc3339: "2026-11-25T14:00:00+01:00")).date)
    try daemon.start()
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "auto-scheduler", "--yes"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    let status = try runCommand(Binaries.vigorctl, ["status"] + socket)
    #expect(status.status == 0, "\(status.stderr)")
    let rows = status.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for label in ["since", "next hold", "morning", "evening"] {
        let row = try #require(rows.first { $0.hasPrefix(label + " ") }, "\(label) in \(status.stdout)")
        #expect(row.contains(#/^[a-z ]+\s+(next )?\w{3} \d{1,2} \w{3} \d\d:\d\d( \(|,|$)/#), "\(row)")
        #expect(!row.contains(#/\d{4}-\d\d-\d\d/#), "\(row)")
    }
}
