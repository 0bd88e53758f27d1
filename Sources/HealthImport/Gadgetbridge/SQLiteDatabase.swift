import CSQLiteGuard
import Foundation
import GRDBSQLite

#if canImport(Glibc)
import Glibc
#endif

/// A user's SQLite file, opened the way SQLite's guidance for a database someone else wrote says
/// (https://sqlite.org/security.html): defensive mode, `trusted_schema` off, no extensions, no triggers, cell-size
/// checks, no memory mapping and tight limits; then `PRAGMA quick_check` before anything is read. The user's file is
/// never written and never locked: without a `-wal` or `-journal` file beside it, it is opened read-only and
/// immutable; with one, the database and that file are copied into a private scratch folder and the copy is opened,
/// so the newest rows (still in the WAL) are read and rows deleted there are not.
/// A class: it owns the connection (and the scratch folder) and closes it when the last statement using it is gone.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// The private copy's folder, removed when the connection closes; nil when the user's file is read in place.
    private let scratch: String?
    /// The raw connection, for error messages of its statements.
    var connection: OpaquePointer { handle }
    /// Whether a `-wal` (or `-journal`) file beside the database was read with it.
    var readSidecar: Bool { scratch != nil }

    /// Limits for a database we did not write: generous for Gadgetbridge's tables and rows, small for anything else.
    private static let limits: [(Int32, Int32)] = [
        (SQLITE_LIMIT_LENGTH, 1_000_000), (SQLITE_LIMIT_SQL_LENGTH, 100_000), (SQLITE_LIMIT_COLUMN, 500),
        (SQLITE_LIMIT_EXPR_DEPTH, 50), (SQLITE_LIMIT_COMPOUND_SELECT, 4), (SQLITE_LIMIT_VDBE_OP, 100_000),
        (SQLITE_LIMIT_FUNCTION_ARG, 8), (SQLITE_LIMIT_ATTACHED, 0), (SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100),
        (SQLITE_LIMIT_VARIABLE_NUMBER, 32), (SQLITE_LIMIT_TRIGGER_DEPTH, 1),
    ]

    /// Opens the database at `path` as untrusted and checks it (see the type's description). `wholeCheck: false` (a
    /// re-read of a watched source, which reads only the newest rows) skips `quick_check`, which reads every page:
    /// the pages read are still checked as they are read (`cell_size_check`, and SQLite's own corruption errors).
    static func open(path: String, wholeCheck: Bool = true) throws(ImportFault) -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try database.distrust()
        if wholeCheck { try database.check() }
        return database
    }

    private init(path: String) throws(ImportFault) {
        let sidecars = ["-wal", "-journal"].map { path + $0 }.filter { Self.exists($0) }
        var opened: OpaquePointer?
        let code: Int32
        if sidecars.isEmpty {
            scratch = nil
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            code = sqlite3_open_v2("file:\(encoded)?immutable=1", &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW, nil)
        } else {
            let folder = try Self.copy(path, with: sidecars)
            scratch = folder
            code = sqlite3_open_v2(folder + "/db", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil)
        }
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            if let scratch { Self.remove(scratch) }
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot open the database: \(message)")
        }
        handle = opened
    }

    /// The settings for an untrusted database, before its schema is read.
    private func distrust() throws(ImportFault) {
        let code = vigor_sqlite_distrust(UnsafeMutableRawPointer(handle))
        guard code == SQLITE_OK else {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot open the database safely: \(String(cString: sqlite3_errstr(code)))")
        }
        for (limit, value) in Self.limits { sqlite3_limit(handle, limit, value) }
        for pragma in ["PRAGMA cell_size_check = ON", "PRAGMA mmap_size = 0", "PRAGMA trusted_schema = OFF"] {
            let code = sqlite3_exec(handle, pragma, nil, nil, nil)
            guard code == SQLITE_OK else { throw fault(code) }
        }
    }

    /// `PRAGMA quick_check`: a damaged file is refused with SQLite's first complaint before a row is read.
    private func check() throws(ImportFault) {
        let statement = try prepare("PRAGMA quick_check(1)")
        guard try statement.step(), let verdict = statement.text(0) else {
            throw ImportFault(kind: .malformed, line: nil, message: "the database's integrity check gave no answer")
        }
        guard verdict == "ok" else {
            throw ImportFault(kind: .malformed, line: nil, message: "the database is damaged (SQLite's integrity check: \(verdict))")
        }
    }

    /// Copies the database and its `-wal`/`-journal` files into a new private folder (0700) as `db`, `db-wal`…
    private static func copy(_ path: String, with sidecars: [String]) throws(ImportFault) -> String {
        var template = Array((NSTemporaryDirectory() + "vigor-gadgetbridge-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot make a private copy: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        do {
            try FileManager.default.copyItem(atPath: path, toPath: folder + "/db")
            for sidecar in sidecars {
                try FileManager.default.copyItem(atPath: sidecar, toPath: folder + "/db" + sidecar.dropFirst(path.count))
            }
        } catch {
            remove(folder)
            throw ImportFault(
                kind: .unreadable, line: nil,
                message: "cannot copy the database with its \(sidecars.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")): "
                    + error.localizedDescription)
        }
        return folder
    }

    /// Whether `path` is a regular file (a link or anything else beside the database is not read).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func remove(_ folder: String) {
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            // A scratch folder left in the temporary folder is the only cost; the import's answer stands.
            FileHandle.standardError.write(Data("vigord: cannot remove \(folder): \(error.localizedDescription)\n".utf8))
        }
    }

    deinit {
        sqlite3_close_v2(handle)
        if let scratch { Self.remove(scratch) }
    }

    /// Compiles one statement; a table or column that is not there comes back as an `ImportFault`.
    func prepare(_ sql: String) throws(ImportFault) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw fault(code)
        }
        return SQLiteStatement(statement: statement, database: self)
    }

    /// The names of the user's tables (not SQLite's own), sorted.
    func tableNames() throws(ImportFault) -> [String] {
        let statement = try prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var names: [String] = []
        while try statement.step() {
            if let name = statement.text(0) { names.append(name) }
        }
        return names
    }

    /// The column names of a table, upper-cased as greenDAO writes them.
    func columnNames(of table: String) throws(ImportFault) -> Set<String> {
        let statement = try prepare("PRAGMA table_info(\(SQLiteDatabase.quoted(table)))")
        var names: Set<String> = []
        while try statement.step() {
            if let name = statement.text(1) { names.insert(name.uppercased()) }
        }
        return names
    }

    /// True when the table has at least one row.
    func hasRows(_ table: String) throws(ImportFault) -> Bool {
        let statement = try prepare("SELECT EXISTS (SELECT 1 FROM \(SQLiteDatabase.quoted(table)))")
        return try statement.step() && statement.int64(0) == 1
    }

    /// The number of rows of a table, within `window` (`WHERE …` or empty).
    func rowCount(_ table: String, window: String = "") throws(ImportFault) -> Int64 {
        let statement = try prepare("SELECT COUNT(*) FROM \(SQLiteDatabase.quoted(table)) \(window)")
        return try statement.step() ? statement.int64(0) ?? 0 : 0
    }

    /// An identifier quoted for SQL: `"NAME"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func fault(_ code: Int32) -> ImportFault {
        SQLiteStatement.fault(code, message: String(cString: sqlite3_errmsg(handle)))
    }
}
