import Foundation
import GhostEngine
import Logging
import Synchronization

/// Writes a failure to the log once when it starts and once when it clears (see `FailureJournal`):
/// a calendar source that fails, a storage error answered to a client, a write to vigord's calendar.
public final class FailureLog: Sendable {
    private let journal = Mutex(FailureJournal())
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// `operation` failed for `reason` (the human message the client or `vigorctl` sees). Returns true when it
    /// had not been failing: a new episode, the one thing ghost health counts.
    @discardableResult
    public func failed(_ operation: String, reason: String) -> Bool {
        let (entry, began) = journal.withLock { journal in
            let began = !journal.isFailing(operation)
            return (journal.failed(operation, reason: reason), began)
        }
        if let entry { write(entry) }
        return began
    }

    /// As `failed(_:reason:)`; a new episode also counts toward ghost health as `kind` (`GhostBackend.countFailure`).
    public func failed(_ operation: String, reason: String, counting kind: GhostFailure, in backend: GhostBackend, at now: Date) async {
        guard failed(operation, reason: reason) else { return }
        await backend.countFailure(kind, at: now)
    }

    /// `operation` succeeded.
    public func succeeded(_ operation: String) {
        guard let entry = journal.withLock({ $0.succeeded(operation) }) else { return }
        write(entry)
    }

    private func write(_ entry: FailureJournal.Entry) {
        switch entry {
        case .failing(let operation, let reason):
            logger.error("\(operation) failed: \(reason)", metadata: ["operation": "\(operation)"])
        case .recovered(let operation, let reason):
            logger.notice("\(operation) works again (it had failed: \(reason))", metadata: ["operation": "\(operation)"])
        }
    }
}
