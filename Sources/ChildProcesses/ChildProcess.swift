import CSpawn
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A program started by vigord or one of its tools.
///
/// Only its standard input, output and error are open in it, whatever other threads open at the same moment: an
/// inherited descriptor would keep a socket or pipe of someone else's open for as long as the program runs.
/// Its signals start unblocked and at their defaults. Its end is seen through a pidfd, so a child it left running
/// never hides it, and `signal` never reaches a process that took its id later.
public final class ChildProcess: Sendable {
    /// Where one of the program's standard streams goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A descriptor of the caller's (the caller closes its own copy when it no longer needs it).
        case descriptor(Int32)
        /// A file made for it, which must not exist yet and is never reached through a link.
        case newFile(path: String, mode: mode_t)
        /// For standard error: wherever standard output goes.
        case standardOutput
    }

    /// How the program ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        /// Its status could not be read (something else reaped it), and why: never taken for a success.
        case unknown(String)

        /// The status a shell would report: the exit code, or 128 plus the signal; -1 when it is unknown.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            case .unknown: -1
            }
        }
    }

    /// The program's process id; with `newProcessGroup`, also its group's.
    public let pid: pid_t
    /// What was started, for messages.
    public let executable: String
    public let arguments: [String]
    private let pidfd: Int32
    private let termination = Mutex<Termination?>(nil)

    /// Starts `executable` (a path) with `arguments` (not counting its own name). `environment` nil passes this
    /// process's own. With `newProcessGroup`, the program leads a process group of its own, so `signalGroup`
    /// reaches whatever it starts.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil,
        standardInput: Stream = .null, standardOutput: Stream = .null, standardError: Stream = .null,
        newProcessGroup: Bool = false
    ) throws(SpawnFailure) {
        Self.keepChildStatuses()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A descriptor of the caller's that is itself 0, 1 or 2 is copied above 2 first: the program's streams are
        // set one after the other, and setting one would otherwise replace what a later one is meant to copy.
        var copies: [Int32] = []
        defer { copies.forEach { close($0) } }
        for (stream, target, name) in [(standardInput, Int32(0), "input"), (standardOutput, 1, "output"), (standardError, 2, "error")] {
            let arranged: Int32
            switch stream {
            case .null:
                arranged = "/dev/null".withCString { posix_spawn_file_actions_addopen(&actions, target, $0, target == 0 ? O_RDONLY : O_WRONLY, 0) }
            case .descriptor(let given):
                let descriptor = (0...2).contains(given) ? fcntl(given, F_DUPFD_CLOEXEC, 3) : given
                if descriptor != given && descriptor >= 0 { copies.append(descriptor) }
                arranged = descriptor >= 0 ? posix_spawn_file_actions_adddup2(&actions, descriptor, target) : given < 0 ? EBADF : errno
            case .newFile(let path, let mode):
                arranged = path.withCString { posix_spawn_file_actions_addopen(&actions, target, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode) }
            case .standardOutput:
                arranged = posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
            guard arranged == 0 else {
                throw SpawnFailure("cannot start \(executable): its standard \(name): \(String(cString: strerror(arranged)))")
            }
        }
        guard vigor_spawn_close_from(&actions, 3) == 0 else {
            throw SpawnFailure("cannot start \(executable): cannot arrange to close inherited files")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child = pid_t()
        let spawned = envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw SpawnFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        let pidfd = vigor_pidfd_open(child)
        guard pidfd >= 0 else {
            let reason = String(cString: strerror(errno))
            kill(child, SIGKILL)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            throw SpawnFailure("cannot watch \(executable) once started: \(reason)")
        }
        pid = child
        self.pidfd = pidfd
        self.executable = executable
        self.arguments = arguments
    }

    deinit {
        close(pidfd)
    }

    /// Makes the kernel keep every program's status for `waitForExit`: with SIGCHLD ignored or `SA_NOCLDWAIT` (which a
    /// process inherits across exec from whoever started it), it reaps children itself and their status is lost, so
    /// a program that failed would read as one that exited 0.
    private static func keepChildStatuses() {
        var current = sigaction()
        guard sigaction(SIGCHLD, nil, &current) == 0 else { return }
        let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        guard ignored || current.sa_flags & SA_NOCLDWAIT != 0 else { return }
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGCHLD, &standard, nil)
    }

    /// True once the program has exited, waiting at most `seconds` for it (nil: as long as it takes). Does not reap
    /// it, so its id stays its own until `waitForExit`.
    public func hasExited(within seconds: Double? = 0) -> Bool {
        // A wait past a year, or one that is not a number, is a wait as long as it takes; a negative one does not wait.
        let bounded = seconds.flatMap { $0.isFinite && $0 < 365 * 86_400 ? max($0, 0) : ($0.isNaN || $0 > 0 ? nil : 0) }
        let deadline = bounded.map { ContinuousClock.now + .milliseconds(Int64(($0 * 1000).rounded(.up))) }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                timeout = left <= .zero ? 0 : Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            }
            var ready = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, timeout)
            if polled > 0 { return true }
            if polled == 0 { return false }
            guard errno == EINTR else { return true }
        }
    }

    /// False once the program has exited.
    public var isRunning: Bool { !hasExited(within: 0) }

    /// Waits for the program to end and reaps it (once; later calls return the same).
    @discardableResult
    public func waitForExit() -> Termination {
        termination.withLock { known in
            if let known { return known }
            var status: Int32 = 0
            var waited: pid_t
            repeat { waited = waitpid(pid, &status, 0) } while waited < 0 && errno == EINTR
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
            let ended: Termination = waited < 0 ? .unknown(String(cString: strerror(errno)))
                : status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
            known = ended
            return ended
        }
    }

    /// Sends `signal` to the program, unless it has already been reaped.
    public func signal(_ signal: Int32) {
        _ = vigor_pidfd_send_signal(pidfd, signal)
    }

    /// Sends `signal` to the program's process group (started with `newProcessGroup`): whatever it started too. The group
    /// is named by its id, which stays its own while the program is not reaped or something in the group still runs;
    /// so call it before `waitForExit`.
    public func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }
}

/// A program that could not be started, and why.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
