/// One table Gadgetbridge writes that vigord reads: the columns it needs, its query (the rowid first), and
/// what its rows become. Rows arrive in the query's order; `finish` emits what was still being gathered.
protocol GadgetbridgeTableReader {
    /// The table's name, as greenDAO writes it (`MI_BAND_ACTIVITY_SAMPLE`).
    var table: String { get }
    /// Columns that must exist, upper case; without them the table is reported as not read.
    var requiredColumns: [String] { get }
    /// `SELECT rowid, …` in the order the reader needs.
    func query(columns: Set<String>) -> String
    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector)
    mutating func finish(into collector: inout RecordCollector)
}

extension GadgetbridgeTableReader {
    mutating func finish(into collector: inout RecordCollector) {}

    /// The device's name as the records' source.
    static func source(_ id: Int64, _ devices: [Int64: GadgetbridgeDevice]) -> String {
        (devices[id] ?? .unlisted(id)).name
    }
}
