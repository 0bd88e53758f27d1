import GRDB
import Synchronization

/// A switch that makes every write transaction of a database fail as on a full disk (`SQLITE_FULL`,
/// "database or disk is full"), until it is lifted. Tests use it to prove what vigord does when it cannot
/// save; SQLite rolls the transaction back, exactly as when the disk fills.
public final class WriteRefusal: Sendable {
    private let refusing = Mutex(false)

    public init() {}

    /// From now on, every commit fails.
    public func refuse() { refusing.withLock { $0 = true } }

    /// Commits succeed again.
    public func lift() { refusing.withLock { $0 = false } }

    var isRefusing: Bool { refusing.withLock { $0 } }
}

/// Vetoes each commit while its `WriteRefusal` is on.
final class RefusingCommits: TransactionObserver {
    private let refusal: WriteRefusal

    init(_ refusal: WriteRefusal) {
        self.refusal = refusal
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws {
        if refusal.isRefusing {
            throw DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")
        }
    }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}
