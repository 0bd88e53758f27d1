/// One table Gadgetbridge writes that vigord reads: the columns it needs, its query (the rowid first), and
/// what its rows become. Rows arrive in the query's order; `finish` emits what was still being gathered.
import Foundation

protocol GadgetbridgeTableReader {
    /// The table's name, as greenDAO writes it (`MI_BAND_ACTIVITY_SAMPLE`).
    var table: String { get }
    /// Columns that must exist, upper case; without them the table is reported as not read.
    var requiredColumns: [String] { get }
    /// The column rows are ordered by and a window starts at, and whether it counts milliseconds (else seconds).
    var timeColumn: String { get }
    var timeInMilliseconds: Bool { get }
    /// `SELECT rowid, …` in the order the reader needs, with `window` (`WHERE …` or empty) before its `ORDER BY`.
    func query(columns: Set<String>, window: String) -> String
    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector)
    mutating func finish(into collector: inout RecordCollector)
}

extension GadgetbridgeTableReader {
    mutating func finish(into collector: inout RecordCollector) {}

    /// The rows from `start` on: `WHERE TIMESTAMP >= 1774220400000`; empty without a start.
    func window(from start: Date?) -> String {
        guard let start else { return "" }
        let seconds = Int64(start.timeIntervalSince1970.rounded(.down))
        return "WHERE \(timeColumn) >= \(timeInMilliseconds ? seconds * 1000 : seconds) "
    }

    /// The device's name as the records' source.
    static func source(_ id: Int64, _ devices: [Int64: GadgetbridgeDevice]) -> String {
        (devices[id] ?? .unlisted(id)).name
    }
}
