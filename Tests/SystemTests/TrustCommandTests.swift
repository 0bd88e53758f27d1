import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl trust set`: handing back a phase the score does not earn says what will happen before it happens.
@Suite(.removesScratchFolders, .serialized) struct TrustCommandTests {
    @Test func handingBackAFullGhostSetByHandSaysWhereTheGhostStepsDownBeforeItDoes() throws {
        let daemon = try DaemonHarness(label: "trust-auto")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "full-ghost"] + socket).status == 0)
        let status = try runCommand(Binaries.vigorctl, ["status"] + socket)
        #expect(status.stdout.contains("  trust       Full Ghost, set by you; handed back, it steps down one phase a day until Scheduler\n"),
                "\(status.stdout)")

        // On a terminal the user is asked first, and No keeps the phase.
        let kept = try runOnTerminal(Binaries.vigorctl, ["trust", "set", "auto"] + socket, answers: ["n"], environment: [:])
        #expect(kept.status == 0, "\(kept.transcript)")
        #expect(kept.transcript.contains("You set Full Ghost by hand. The Ghost's trust score (0 %) earns Scheduler: handed back, "
            + "it steps down one phase a day, when each day closes, until Scheduler."), "\(kept.transcript)")
        #expect(kept.transcript.contains("Kept Full Ghost, set by you."))
        #expect(try daemon.connect().call(StatusMethod.self, NoParams()).ghost.pinnedByUser)

        // From a script it is told, then done.
        let handed = try runCommand(Binaries.vigorctl, ["trust", "set", "auto"] + socket)
        #expect(handed.status == 0)
        let lines = handed.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("You set Full Ghost by hand.") == true && lines.last?.hasPrefix("The Ghost moves its own trust phase again") == true,
                "\(handed.stdout)")
        #expect(try !daemon.connect().call(StatusMethod.self, NoParams()).ghost.pinnedByUser)
    }

    @Test func statusSaysTheTrustPhaseNeverTheTrustScore() throws {
        let daemon = try DaemonHarness(label: "trust-words")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let status = try runCommand(Binaries.vigorctl, ["status"] + socket)
        let trust = status.stdout.split(separator: "\n").filter { $0.hasPrefix("  trust ") }
        #expect(trust == ["  trust       Observer"], "\(status.stdout)")
        let bar = try runCommand(Binaries.vigorctl, ["status", "--bar"] + socket)
        #expect(bar.stdout.contains(#"Trust: Observer\n"#) && !bar.stdout.contains("Trust: Observer ("), "\(bar.stdout)")
    }
}
