#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Runs another program (vigord's checker, systemctl, rsvg-convert) with stdin from /dev/null and its output collected.
enum ProgramRun {
    struct Outcome {
        var status: Int32
        var output: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The first executable `name` beside this vigorctl, then on `$PATH`; nil when there is none.
    static func find(_ name: String) -> String? {
        var candidates: [String] = []
        if let me = realpathOf("/proc/self/exe"), let slash = me.lastIndex(of: "/") { candidates.append(String(me[..<slash]) + "/" + name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        candidates += path.split(separator: ":").map { $0 + "/" + name }
        return candidates.first { access($0, X_OK) == 0 }
    }

    private static func realpathOf(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Runs `tool` to its end; stdout and stderr together in `output`.
    static func run(_ tool: String, _ arguments: [String]) throws(Failure) -> Outcome {
        let messages = "/tmp/vigorctl-run-\(getpid())-\(UUID().uuidString).out"
        defer { unlink(messages) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        _ = "/dev/null".withCString { posix_spawn_file_actions_addopen(&actions, 0, $0, O_RDONLY, 0) }
        _ = messages.withCString { posix_spawn_file_actions_addopen(&actions, 1, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600) }
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(tool): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "cannot wait for \(tool): \(String(cString: strerror(errno)))") }
        }
        let output = SetupPaths.text(messages) ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        return Outcome(status: status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output)
    }
}
