import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's state database (GRDB's AppDatabase pattern): one owner of the writer, the
/// migrator run at open, and write methods named for what they mean, one transaction each.
public struct AppDatabase: Sendable {
    private let writer: any DatabaseWriter
    /// The file path, or `:memory:`.
    public let path: String
    /// How writes end (saved, or refused), for the daemon's storage failure episode.
    public let writes = WriteWatch()

    private init(writer: any DatabaseWriter, path: String) throws(StoreError) {
        self.writer = writer
        self.path = path
        try Self.migrate(writer, path: path)
    }

    /// Opens (creating if needed) the database at `path` in WAL mode and brings its schema up to date.
    /// A damaged file or one from a newer vigord is refused, never reset; so is an empty file when
    /// `stateExpected` (SQLite would take it for a new database). `refusal`, for tests, makes writes fail as on a
    /// full disk.
    public static func open(at path: String, stateExpected: Bool = false, refusal: WriteRefusal? = nil) throws(StoreError) -> AppDatabase {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: path, detail: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        if stateExpected, let size = fileSize(path), size == 0 {
            throw .emptied(path: path)
        }
        let pool: DatabasePool
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            if let refusal {
                configuration.prepareDatabase { db in
                    db.add(transactionObserver: RefusingCommits(refusal), extent: .databaseLifetime)
                }
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            try pool.read { db in
                let verdict = try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer"
                if verdict != "ok" { throw StoreError.corrupt(path: path, detail: verdict) }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw classify(error, path: path)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
        return try AppDatabase(writer: pool, path: path)
    }

    /// The size of the file at `path`; nil when it cannot be read (none there: SQLite creates it; any other
    /// reason: opening it reports the error).
    private static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// An empty database in memory, for tests; `refusal` can make its writes fail as on a full disk.
    public static func inMemory(refusal: WriteRefusal? = nil) throws(StoreError) -> AppDatabase {
        do {
            var configuration = Configuration()
            if let refusal {
                configuration.prepareDatabase { db in
                    db.add(transactionObserver: RefusingCommits(refusal), extent: .databaseLifetime)
                }
            }
            return try AppDatabase(writer: DatabaseQueue(configuration: configuration), path: ":memory:")
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: ":memory:", detail: "\(error)")
        }
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws(StoreError) {
        let migrator = StoreMigrations.migrator
        do {
            let unknown = try writer.read { db in
                try migrator.appliedIdentifiers(db).subtracting(migrator.migrations)
            }
            if !unknown.isEmpty {
                throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
            }
            try migrator.migrate(writer)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw classify(error, path: path)
        } catch {
            throw .failed(operation: "migrate", detail: "\(error)")
        }
    }

    private static func classify(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            .corrupt(path: path, detail: error.message ?? "\(error.resultCode)")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            .cannotOpen(path: path, detail: error.message ?? "\(error.resultCode)")
        default:
            .failed(operation: "open", detail: error.message ?? "\(error.resultCode)")
        }
    }

    /// The identifier of the newest migration applied, e.g. `v1-daemon-runs`.
    public func schemaVersion() throws(StoreError) -> String {
        try read("read the schema version") { db in
            let applied = try StoreMigrations.migrator.appliedIdentifiers(db)
            return StoreMigrations.migrator.migrations.last(where: applied.contains) ?? "empty"
        }
    }

    /// Records that the daemon started; returns the run to pass to `recordStop`.
    public func recordStart(pid: Int32, version: String, at date: Date) throws(StoreError) -> DaemonRun {
        try write("record the daemon start") { db in
            try DaemonRun(startedAt: date, pid: pid, version: version).inserted(db)
        }
    }

    /// Records a clean stop of `run`.
    public func recordStop(_ run: DaemonRun, at date: Date) throws(StoreError) {
        try write("record the daemon stop") { db in
            var stopped = run
            stopped.stoppedAt = date
            try stopped.update(db)
        }
    }

    /// The runs, newest first.
    public func recentRuns(limit: Int = 10) throws(StoreError) -> [DaemonRun] {
        try read("read the daemon runs") { db in
            try DaemonRun.order(Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    /// Closes the database; later calls fail.
    public func close() throws(StoreError) {
        guard let pool = writer as? DatabasePool else { return }
        do {
            try pool.close()
        } catch {
            throw .failed(operation: "close", detail: "\(error)")
        }
    }

    /// Runs `body` in one write transaction; `writes` hears a commit that changed rows, or SQLite's refusal.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            var changed = false
            let result = try writer.write { db in
                let before = db.totalChangesCount
                let result = try body(db)
                changed = db.totalChangesCount != before
                return result
            }
            if changed { writes.report(.saved) }
            return result
        } catch let error as DatabaseError {
            let failure = StoreError.failed(operation: operation, detail: error.message ?? "\(error.resultCode)")
            writes.report(.failed(failure))
            throw failure
        } catch {
            throw .failed(operation: operation, detail: "\(error)")
        }
    }

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch let error as DatabaseError {
            throw .failed(operation: operation, detail: error.message ?? "\(error.resultCode)")
        } catch {
            throw .failed(operation: operation, detail: "\(error)")
        }
    }
}
