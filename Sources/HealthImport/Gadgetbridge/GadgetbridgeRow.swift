import Foundation

/// The current row of a table being read, with the table's name and rowid for skip messages
/// (`MI_BAND_ACTIVITY_SAMPLE row 1234: …`).
struct GadgetbridgeRow {
    let statement: SQLiteStatement
    let table: String
    /// The SQLite rowid, shown to the user as the row number.
    let rowid: Int64

    /// Why a row cannot be read.
    struct Problem: Error {
        var reason: HealthSkipReason
        var message: String
    }

    /// A whole number from `column`; NULL is a missing field, text or a blob a bad number.
    func integer(_ column: Int32, _ name: String) -> Result<Int64, Problem> {
        if let value = statement.int64(column) { return .success(value) }
        let shown = statement.describe(column)
        if shown == "NULL" { return .failure(problem(.missingField, "\(name) is NULL")) }
        return .failure(problem(.badNumber, "\(name) is \(shown), not a whole number"))
    }

    /// An instant from a column in seconds or milliseconds since 1970, within the plausible years.
    func instant(_ column: Int32, _ name: String, milliseconds: Bool) -> Result<Date, Problem> {
        integer(column, name).flatMap { raw in
            let seconds = milliseconds ? raw / 1000 : raw
            guard HealthBounds.numericTimestampSeconds.contains(seconds) else {
                return .failure(problem(.badDate, "\(name) \(raw) is not a time between 2000 and 2100"))
            }
            return .success(Date(timeIntervalSince1970: milliseconds ? Double(raw) / 1000 : Double(raw)))
        }
    }

    /// A problem with this row, its message prefixed with the table and row.
    func problem(_ reason: HealthSkipReason, _ message: String) -> Problem {
        Problem(reason: reason, message: "\(table) row \(rowid): \(message)")
    }

    /// Skips this row in the collector.
    func skip(_ problem: Problem, into collector: inout RecordCollector) {
        collector.skip(line: Int(clamping: rowid), reason: problem.reason, message: problem.message)
    }
}
