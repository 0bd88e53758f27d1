import ChildProcesses
import Foundation

/// A `[notify] command` while it runs: a process group of its own, watched by a thread of its own that waits for the
/// program to exit, so its end is known the moment it comes, even when a child it started in the background is still
/// running.
final class HookProcess: Sendable {
    private let child: ChildProcess
    private let exited = ChangeSignal()

    /// Starts `/usr/bin/env ARGUMENTS` with `stdin` and `stderr` as given and stdout on /dev/null; nothing else of
    /// vigord's is open in it.
    init(arguments: [String], stdin: Int32, stderr: Int32) throws(NotificationError) {
        do {
            child = try ChildProcess(
                executable: "/usr/bin/env", arguments: arguments, standardInput: .descriptor(stdin),
                standardError: .descriptor(stderr), newProcessGroup: true)
        } catch {
            throw NotificationError(error.description)
        }
        Thread.detachNewThread { [self] in
            _ = child.hasExited(within: nil)
            exited.changed()
        }
    }

    /// Returns once the program has exited (it is not reaped yet, so its id cannot be taken by another process).
    func ended() async {
        await exited.change(after: 0)
    }

    /// Kills the program and everything left in its process group.
    func killGroup() {
        child.signalGroup(SIGKILL)
    }

    /// Reaps the program after `ended()`.
    func reap() -> ChildProcess.Termination {
        child.waitForExit()
    }
}
