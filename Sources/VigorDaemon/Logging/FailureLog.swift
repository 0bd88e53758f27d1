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

    /// `operation` failed for `reason` (the human message the client or `vigorctl` sees).
    public func failed(_ operation: String, reason: String) {
        guard let entry = journal.withLock({ $0.failed(operation, reason: reason) }) else { return }
        write(entry)
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
