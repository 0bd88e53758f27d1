import Synchronization

/// Hears how the database's writes end, so the daemon can tell one storage failure episode: it starts at the first
/// write that fails and ends at the next write that saves something. A write that changed nothing proves nothing about
/// the disk (SQLite commits it without writing) and is not reported.
public final class WriteWatch: Sendable {
    /// How a write ended.
    public enum Outcome: Sendable, Equatable {
        /// A transaction that changed rows was committed.
        case saved
        /// The database refused the write (a full disk, a read-only file, an I/O error).
        case failed(StoreError)
    }

    private let observer = Mutex<(@Sendable (Outcome) -> Void)?>(nil)

    init() {}

    /// From now on `observer` hears every outcome (it replaces an earlier one). It is called on the writing thread,
    /// after the transaction ended, and must not write to the database itself.
    public func observe(_ observer: @escaping @Sendable (Outcome) -> Void) {
        self.observer.withLock { $0 = observer }
    }

    func report(_ outcome: Outcome) {
        let observer = observer.withLock { $0 }
        observer?(outcome)
    }
}
