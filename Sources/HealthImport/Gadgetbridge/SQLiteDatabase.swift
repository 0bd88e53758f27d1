import Foundation
import GRDBSQLite

/// A user's SQLite file opened read-only and immutable (`file:…?immutable=1`): nothing is written, no lock
/// is taken, so a file another program is still writing is not blocked (it may then read as damaged).
/// A class: it owns the connection and closes it when the last statement using it is gone.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// The raw connection, for error messages of its statements.
    var connection: OpaquePointer { handle }

    init(path: String) throws(ImportFault) {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        var connection: OpaquePointer?
        let code = sqlite3_open_v2("file:\(encoded)?immutable=1", &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(connection)
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot open the database: \(message)")
        }
        handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
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

    /// The number of rows of a table.
    func rowCount(_ table: String) throws(ImportFault) -> Int64 {
        let statement = try prepare("SELECT COUNT(*) FROM \(SQLiteDatabase.quoted(table))")
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
