import GRDBSQLite

/// One compiled statement, stepped row by row (nothing is loaded in advance).
/// A class: it owns the compiled statement and keeps its database open.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    init(statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Moves to the next row; false at the end. A damaged page is an `ImportFault`.
    func step() throws(ImportFault) -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw Self.fault(code, message: String(cString: sqlite3_errmsg(database.connection)))
    }

    /// The column as a whole number: an integer, or a real without a fraction; nil for anything else.
    func int64(_ column: Int32) -> Int64? {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, column)
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, column)
            guard value.isFinite, value == value.rounded(), abs(value) < 9e15 else { return nil }
            return Int64(value)
        default: return nil
        }
    }

    /// The column as text (valid UTF-8), or nil when it is NULL, not text, or not UTF-8.
    func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT, let bytes = sqlite3_column_text(statement, column) else {
            return nil
        }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
        return String(validating: buffer, as: UTF8.self)
    }

    /// A column's value as the user should read it in a message: `NULL`, `text "abc"`, `a blob`, `2.5`.
    func describe(_ column: Int32) -> String {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return "NULL"
        case SQLITE_INTEGER: return String(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return String(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return "text \"\((text(column) ?? "?").prefix(40))\""
        default: return "a blob"
        }
    }

    /// An SQLite result code as an import fault: a damaged file, or one that cannot be read.
    static func fault(_ code: Int32, message: String) -> ImportFault {
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT:
            ImportFault(kind: .malformed, line: nil, message: "the database is damaged (\(message)); export it again from Gadgetbridge")
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED:
            ImportFault(kind: .unreadable, line: nil, message: "cannot read the database: \(message)")
        default:
            ImportFault(kind: .malformed, line: nil, message: "the database cannot be read as Gadgetbridge's: \(message)")
        }
    }
}
