/// Why a call to the daemon failed, split the way the CLI reports it (see Docs/cli.md exit codes).
public enum RPCClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens at the socket path (missing, refused, or not a socket).
    case daemonNotRunning(socket: String, reason: String)
    /// Something took the connection but closed or reset it before any reply: under systemd socket activation,
    /// vigord failed to start (or stopped) after the socket accepted.
    case noAnswer(socket: String, reason: String)
    /// The socket exists but this user may not use it.
    case accessDenied(socket: String, reason: String)
    /// The daemon answered with a JSON-RPC error.
    case server(RPCErrorObject)
    /// The connection broke after a reply had begun, timed out, or the reply was not valid JSON-RPC.
    case transport(String)

    public var description: String {
        switch self {
        case .daemonNotRunning(let socket, let reason): "vigord is not running (\(reason) at \(socket))"
        case .noAnswer(let socket, let reason): "vigord did not answer at \(socket) (\(reason))"
        case .accessDenied(let socket, let reason): "cannot use the socket \(socket): \(reason)"
        case .server(let error): error.message
        case .transport(let reason): reason
        }
    }
}
