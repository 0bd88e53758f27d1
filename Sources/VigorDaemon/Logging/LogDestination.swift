import Foundation
import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// Decides between journald and stderr. `sd_journal_send` reports success even when nothing
/// listens, so the decision looks for the journal's socket and for systemd's JOURNAL_STREAM.
public enum LogDestination: Equatable, Sendable {
    case journal
    case stderr

    public static let journalSocketPath = "/run/systemd/journal/socket"

    /// The pure decision, given what the process can observe.
    public static func choose(
        _ choice: LogDestinationChoice, journalStream: String?, stderrIdentity: (device: UInt64, inode: UInt64)?,
        journalSocketExists: Bool
    ) -> LogDestination {
        guard journalSocketExists else { return .stderr }
        switch choice {
        case .stderr: return .stderr
        case .journal: return .journal
        case .auto:
            guard let journalStream, let stderrIdentity else { return .stderr }
            let parts = journalStream.split(separator: ":")
            guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return .stderr }
            return device == stderrIdentity.device && inode == stderrIdentity.inode ? .journal : .stderr
        }
    }

    /// The decision for this process.
    public static func detect(_ choice: LogDestinationChoice, environment: [String: String]) -> LogDestination {
        var status = stat()
        let identity: (UInt64, UInt64)? = fstat(STDERR_FILENO, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
        var socketStatus = stat()
        let socketExists = stat(journalSocketPath, &socketStatus) == 0 && (socketStatus.st_mode & S_IFMT) == S_IFSOCK
        return choose(choice, journalStream: environment["JOURNAL_STREAM"], stderrIdentity: identity, journalSocketExists: socketExists)
    }
}
