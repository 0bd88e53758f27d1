import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl triage` over a real socket lists a missed block with the seed's one-tap answers and their subtitles
/// ("Bad time — Schedule differently", "Just today — Time was fine"), each with the command that gives it.
@Test(.removesScratchFolders) func vigorctlTriageListsTheSeedsAnswersWithTheirSubtitles() throws {
    let (daemon, _) = try PinnedDaemon.make("triage-list")
    try daemon.start()
    defer { withExtendedLifetime(daemon) {} }
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["accept", "b1"] + socket).status == 0)
    // Two days later (Friday 10:00 UTC) Thursday's block has passed with no workout.
    _ = try daemon.connect().call(DebugClockMethod.self, .init(advanceHours: 48))
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "morning"] + socket).status == 0)

    let listed = try runCommand(Binaries.vigorctl, ["triage"] + socket)
    #expect(listed.status == 0, "\(listed.stderr)")
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("b1 ") == true && lines.first?.hasSuffix("missed. Why?") == true, "\(listed.stdout)")
    #expect(lines.contains { $0.contains("Bad time — Schedule differently") && $0.hasSuffix("vigorctl triage answer b1 --reason bad-time") },
            "\(listed.stdout)")
    #expect(lines.contains { $0.contains("Just today — Time was fine") && $0.hasSuffix("vigorctl triage answer b1 --reason life-happened") },
            "\(listed.stdout)")
}
