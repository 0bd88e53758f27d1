#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon's socket lives when nobody says otherwise; daemon and CLI agree on it.
public enum SocketLocation {
    /// The environment variable that points vigorctl (and vigord) at a socket.
    public static let environmentKey = "VIGOR_SOCKET"

    /// `/run/vigor/vigord.sock` for root, `$XDG_RUNTIME_DIR/vigor/vigord.sock` for a user
    /// (`/run/user/UID/vigor/vigord.sock` when XDG_RUNTIME_DIR is unset).
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment, uid: UInt32 = getuid()
    ) -> String {
        if uid == 0 { return "/run/vigor/vigord.sock" }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(uid)"
        return runtime + "/vigor/vigord.sock"
    }

    /// An explicit path (`--socket`) wins, then `VIGOR_SOCKET`, then the configured one (vigord's `[daemon] socket`),
    /// then the default: vigorctl, which reads no configuration, finds a vigord started with the same environment.
    public static func resolve(
        explicit: String?, configured: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        uid: UInt32 = getuid()
    ) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[environmentKey], !fromEnvironment.isEmpty { return fromEnvironment }
        if let configured, !configured.isEmpty { return configured }
        return defaultPath(environment: environment, uid: uid)
    }
}
