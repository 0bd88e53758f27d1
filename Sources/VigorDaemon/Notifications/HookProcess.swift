import Foundation
import Synchronization

/// A `[notify] command` while it runs: spawned in a process group of its own, and watched by a thread of its own
/// that blocks in `waitid` until the program exits, so its end is known the moment it comes, even when a child it
/// started in the background is still running (Foundation's `Process` learns of an exit only once every child has
/// closed an inherited socket).
final class HookProcess: Sendable {
    /// Also the process group's id.
    let pid: pid_t
    private let exited = ChangeSignal()

    /// Starts `/usr/bin/env ARGUMENTS` with `stdin` and `stderr` as given and stdout on /dev/null; nothing else of
    /// vigord's is open in it.
    init(arguments: [String], stdin: Int32, stderr: Int32) throws(NotificationError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        _ = "/dev/null".withCString { posix_spawn_file_actions_addopen(&actions, 1, $0, O_WRONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        for open in try Self.openDescriptors() where open > 2 { posix_spawn_file_actions_addclose(&actions, open) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so a kill reaches whatever it started; default signal handling and no blocked
        // signals, whatever vigord's threads have.
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw NotificationError("cannot start \(arguments.joined(separator: " ")): \(String(cString: strerror(spawned)))")
        }
        pid = child
        Thread.detachNewThread { [self] in waitForExit() }
    }

    /// Returns once the program has exited (it is not reaped yet, so its id cannot be taken by another process).
    func ended() async {
        await exited.change(after: 0)
    }

    /// Kills the program and everything left in its process group.
    func killGroup() {
        kill(-pid, SIGKILL)
    }

    /// How the program ended.
    enum End: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Reaps the program after `ended()`.
    func reap() -> End {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// vigord's open descriptors, closed in the program (glibc's `closefrom` action is not visible to Swift).
    /// - Throws: when they cannot be listed: the program would otherwise inherit whatever vigord has open.
    private static func openDescriptors() throws(NotificationError) -> [Int32] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
        } catch {
            throw NotificationError("cannot list vigord's open files to close them in the program: \(error.localizedDescription)")
        }
    }

    private func waitForExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        exited.changed()
    }
}
