import ChildProcesses

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
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: tool, arguments: arguments, standardOutput: .newFile(path: messages, mode: 0o600),
                standardError: .standardOutput)
        } catch {
            throw Failure(description: error.description)
        }
        let end = child.waitForExit()
        if case .unknown(let reason) = end { throw Failure(description: "cannot tell how \(tool) ended: \(reason)") }
        let output = SetupPaths.text(messages) ?? ""
        return Outcome(status: end.status, output: output)
    }
}
