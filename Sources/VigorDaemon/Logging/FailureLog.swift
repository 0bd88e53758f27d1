import Foundation
import GhostEngine
import Logging
import Store
import Synchronization

/// Writes a failure to the log once when it starts and once when it clears (see `FailureJournal`):
/// a calendar source that fails, a write to vigord's calendar, the notification channels; and the one storage
/// episode (`StorageEpisode`), whatever write met it.
public final class FailureLog: Sendable {
    /// The operation the log names for the storage episode.
    public static let storageOperation = "saving vigord's state"

    private let journal = Mutex(FailureJournal())
    private let storage = Mutex(StorageEpisode())
    /// Where a storage episode is counted once the disk allows (set once the Ghost is loaded).
    private let backend = Mutex<GhostBackend?>(nil)
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

    /// As `failed(_:reason:)`, but a storage error is the storage episode's, not the operation's: a full disk is told
    /// once, however many kinds of work meet it.
    public func failed(_ operation: String, error: any Error) {
        if let reason = Self.storageReason(error) {
            storageFailed(reason: reason, at: Date())
        } else {
            failed(operation, reason: "\(error)")
        }
    }

    /// The state database's reason when `error` is a storage failure.
    static func storageReason(_ error: any Error) -> String? {
        switch error {
        // A value that does not read is the row's, not the disk's: the database saves, so it is the operation's failure.
        case let error as StoreError: if case .unreadableValue = error { nil } else { error.description }
        case let error as HealthIntakeError where error.storage: error.description
        default: nil
        }
    }

    // MARK: the storage episode

    /// Follows every write of `database`: the first refused write starts the storage episode, the next saved one ends it.
    public func watch(_ database: AppDatabase, now: @escaping @Sendable () -> Date) {
        database.writes.observe { [self] outcome in
            switch outcome {
            case .saved: storageSaved(at: now())
            case .failed(let error): storageFailed(reason: error.description, at: now())
            }
        }
    }

    /// Counts storage episodes toward ghost health through `backend` from now on (each once the state can be saved).
    public func countStorageFailures(through backend: GhostBackend) {
        self.backend.withLock { $0 = backend }
    }

    /// A write failed: logged when it begins the episode.
    public func storageFailed(reason: String, at now: Date) {
        guard storage.withLock({ $0.failed(reason: reason, at: now) }) else { return }
        logger.error("\(Self.storageOperation) failed: \(reason)", metadata: ["operation": "\(Self.storageOperation)"])
    }

    /// A write saved: logged when it ends the episode, which is then counted toward ghost health.
    private func storageSaved(at now: Date) {
        guard let reason = storage.withLock({ $0.saved() }) else { return }
        logger.notice(
            "\(Self.storageOperation) works again (it had failed: \(reason))", metadata: ["operation": "\(Self.storageOperation)"])
        guard let backend = backend.withLock({ $0 }) else { return }
        let count = storage.withLock { $0.takeUncounted() }
        guard count > 0 else { return }
        // Called inside a write (perhaps the Ghost's own save): the count is its own transaction, after it.
        Task {
            for _ in 0..<count { await backend.countFailure(.storageFailed, at: now) }
        }
    }

    /// `status.storage`: whether vigord can save its state now, or since when and why not.
    public func storageStatus() -> FailureEpisodeState {
        storage.withLock { episode in
            FailureEpisodeState(failingSince: episode.failing?.since, reason: episode.failing?.reason, failedEpisodes: episode.episodes)
        }
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
