import ArgumentParser
import VigorRPC

/// Why a command failed: one sentence, the exit code of Docs/cli.md, and a kebab-case kind for scripts.
/// Printed once, by `Entry`: as `vigorctl: message` on stderr, or under `--json` as `{"error": …}` on stdout.
struct CommandFailure: Error, Encodable {
    enum Kind: String, Encodable {
        /// Bad arguments, whether ArgumentParser or the daemon found them (exit 64).
        case invalidArguments = "invalid-arguments"
        /// Nothing listens at the socket (exit 3).
        case notRunning = "not-running"
        /// The socket took the connection but vigord never answered: it may have failed to start (exit 3).
        case noAnswer = "no-answer"
        /// This user may not use the socket (exit 1).
        case accessDenied = "access-denied"
        /// The daemon answered with an error (exit 1).
        case daemonError = "daemon-error"
        /// The connection broke, timed out or carried something that is not a reply (exit 1).
        case connectionFailed = "connection-failed"
        /// Something on this side failed: a file could not be written, an image not drawn (exit 1).
        case failed
    }

    let kind: Kind
    let message: String
    /// The process's exit status.
    let exit: Int32
    /// The daemon's JSON-RPC error code, when it answered with one.
    let code: Int?

    init(_ kind: Kind, _ message: String, exit: Int32? = nil, code: Int? = nil) {
        self.kind = kind
        self.message = message
        self.exit = exit ?? (kind == .invalidArguments ? 64 : kind == .notRunning || kind == .noAnswer ? 3 : 1)
        self.code = code
    }

    /// The failure of a call, in the user's words, with what to run next.
    init(_ error: RPCClientError) {
        switch error {
        case .daemonNotRunning(let socket, let reason):
            let service = ServiceCommands(socket: socket)
            self.init(.notRunning, "vigord is not running (\(reason) at \(socket)). Start it with `\(service.start)`, or run `vigord`; "
                + "if it does not start: \(service.diagnosis).")
        case .noAnswer(let socket, let reason):
            let service = ServiceCommands(socket: socket)
            self.init(.noAnswer, "vigord did not answer at \(socket): \(reason); it may have failed to start. See why: \(service.diagnosis).")
        case .accessDenied:
            self.init(.accessDenied, error.description)
        case .transport(let reason):
            self.init(.connectionFailed, reason)
        case .server(let failure):
            // Params the daemon refused are arguments the user gave: a usage error, like one ArgumentParser finds.
            let usage = failure.code == RPCErrorCode.invalidParams.rawValue || failure.code == RPCErrorCode.unknownSource.rawValue
            self.init(usage ? .invalidArguments : .daemonError, failure.message, code: failure.code)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, message, exit, code
    }
}

/// The systemd commands for the daemon behind a socket: the system service for /run/vigor, the user's otherwise.
struct ServiceCommands {
    let system: Bool

    init(socket: String) {
        system = socket.hasPrefix("/run/vigor/")
    }

    var start: String { system ? "systemctl start vigord.socket" : "systemctl --user start vigord.socket" }

    /// What shows why it did not start: the unit's state, its log, and the configuration check.
    var diagnosis: String {
        let scope = system ? "" : " --user"
        let config = system ? "vigord --check-config --config /etc/vigor/config.toml" : "vigord --check-config"
        return "`systemctl\(scope) status vigord`, `journalctl\(scope) -u vigord`, `\(config)`"
    }
}
