import ChildProcesses
import Foundation
import TestPrograms
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one way vigord, vigorctl and the tests start a program.
@Suite(.removesScratchFolders) struct ChildProcessTests {
    @Test func aProgramHasOnlyItsThreeStreamsOpenWhateverTheStarterHasOpen() throws {
        // A pipe without close-on-exec, as Foundation makes them: inherited by default.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        defer { child.stop() }
        // The starter's pipe is not among the program's files. (The program may open files of its own meanwhile, e.g.
        // sleep reading the locale as it starts, so what is compared is where each descriptor leads.)
        let fm = FileManager.default
        let pipes = Set(try ends.map { try fm.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") })
        let open = try fm.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd")
        var leads: [String] = []
        for descriptor in open {
            do {
                leads.append(try fm.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/\(descriptor)"))
            } catch {
                continue  // closed by the program between the listing and the read
            }
        }
        #expect(pipes.count == 1 && pipes.allSatisfy { $0.hasPrefix("pipe:") }, "both ends lead to one pipe: \(pipes)")
        #expect(leads.filter(pipes.contains).isEmpty, "inherited: \(leads)")
        #expect(Set(["0", "1", "2"]).isSubset(of: Set(open)))
    }

    @Test func itsEndIsSeenWhileAProgramItStartedStillRuns() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 60 & exit 3"], newProcessGroup: true)
        defer { child.signalGroup(SIGKILL) }
        #expect(child.hasExited(within: Double(TestDeadline.seconds)))
        #expect(child.waitForExit() == .exited(3))
        #expect(child.waitForExit() == .exited(3), "reaped once; asked again, the same end")
    }

    @Test func aSignalThatEndsItIsTheEndAndItsShellStatus() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        #expect(child.isRunning)
        child.signal(SIGKILL)
        let end = child.waitForExit()
        #expect(end == .signalled(SIGKILL))
        #expect(end.status == 128 + SIGKILL)
    }

    @Test func itStartsWithNoSignalBlockedOrIgnoredWhateverTheStartingThreadHas() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        #expect(pthread_sigmask(SIG_BLOCK, &blocked, &previous) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let status = try ScratchFolder.make("child-status") + "/status"
        let child = try ChildProcess(
            executable: "/bin/grep", arguments: ["-E", "^Sig(Blk|Ign):", "/proc/self/status"],
            standardOutput: .newFile(path: status, mode: 0o600))
        #expect(child.waitForExit() == .exited(0))
        let masks = try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
            .map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        // Signals 32 and 33 are glibc's own, which it sets up itself in every program (and `sigfillset` leaves out).
        let glibcOwn: UInt64 = 1 << 31 | 1 << 32
        #expect(masks.map { $0.map { $0 & ~glibcOwn } } == [0, 0], "blocked, then ignored: \(masks)")
    }

    @Test func standardErrorFollowsStandardOutputIntoANewFile() throws {
        let output = try ScratchFolder.make("child-output") + "/output"
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2"],
            standardOutput: .newFile(path: output, mode: 0o600), standardError: .standardOutput)
        #expect(child.waitForExit() == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "out\nerr\n")
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aNewFileIsNeverReachedThroughALinkPlantedInItsPlace() throws {
        let target = try ScratchFolder.make("child-target") + "/target"
        try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
        let planted = target + ".link"
        #expect(symlink(target, planted) == 0)
        defer { unlink(planted) }
        #expect(throws: SpawnFailure.self) {
            try ChildProcess(executable: "/bin/echo", arguments: ["overwritten"], standardOutput: .newFile(path: planted, mode: 0o600))
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
    }

    @Test func aStreamGivenAsTheStartersOwnStandardOutputIsThatOutputWhateverTheOtherStreamsAre() throws {
        let pipe = Pipe()
        let child = try ChildProcess(
            executable: "/bin/sleep", arguments: ["60"],
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor), standardError: .descriptor(STDOUT_FILENO))
        defer { child.stop() }
        let starters = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(STDOUT_FILENO)")
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/1") == ours)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/2") == starters)
    }

    @Test func aDescriptorThatIsNoDescriptorIsRefusedNotReplacedByTheStartersOwn() {
        #expect(throws: SpawnFailure.self) {
            try ChildProcess(executable: "/bin/true", arguments: [], standardOutput: .descriptor(-1)).waitForExit()
        }
    }

    @Test func aWaitOfAnyLengthIsAnAnswerNeverATrap() throws {
        let running = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        #expect(!running.hasExited(within: -5), "a negative wait does not wait")
        #expect(!running.hasExited(within: -.infinity))
        running.signal(SIGKILL)
        #expect(running.hasExited(within: .infinity), "an endless wait ends with the program")
        #expect(running.hasExited(within: 1e300))
        #expect(running.waitForExit() == .signalled(SIGKILL))
    }

    @Test func aProgramSomethingElseReapedIsOfUnknownEndNeverASuccess() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 3"])
        var status: Int32 = 0
        #expect(waitpid(child.pid, &status, 0) == child.pid, "reaped behind its back")
        guard case .unknown(let reason) = child.waitForExit() else {
            Issue.record("read as \(child.waitForExit())")
            return
        }
        #expect(reason.contains("child"), "\(reason)")
        #expect(child.waitForExit().status == -1)
    }

    @Test func aProgramThatDoesNotExistFailsNamingIt() {
        #expect {
            try ChildProcess(executable: "/nonexistent/vigor-tool", arguments: [])
        } throws: { error in
            "\(error)".contains("/nonexistent/vigor-tool") && "\(error)".contains("No such file")
        }
    }
}
