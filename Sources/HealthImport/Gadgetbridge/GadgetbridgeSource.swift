import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a Gadgetbridge "Export database" file table by table, a few thousand rows per step, in the order
/// of each reader's query; the file is never written (see `SQLiteDatabase`).
struct GadgetbridgeSource: RecordSource {
    let totalBytes: Int64
    private(set) var bytesDone: Int64 = 0

    private let database: SQLiteDatabase
    private var tables: [Table] = []
    private var unread: [String] = []
    private var current = 0
    private var statement: SQLiteStatement?
    private var rowsDone: Int64 = 0
    private var rowsTotal: Int64 = 0

    static let rowsPerStep = 4096

    private struct Table {
        var reader: any GadgetbridgeTableReader
        var columns: Set<String>
    }

    /// Where reading starts (nil: the whole file): each table's rows from this instant on.
    private let readFrom: Date?

    init(url: URL, readFrom: Date? = nil) throws(ImportFault) {
        self.readFrom = readFrom
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        totalBytes = Int64(info.st_size)
        let header = try SQLiteHeader(FileChunkReader.prefix(of: url, limit: SQLiteHeader.size))
        try header.checkComplete(fileSize: totalBytes)
        database = try SQLiteDatabase.open(path: url.path, wholeCheck: readFrom == nil)
        let names = try database.tableNames()
        guard names.contains("DEVICE") else {
            let shown = names.prefix(5).joined(separator: ", ")
            throw ImportFault(
                kind: .unknownFormat, line: nil,
                message: "an SQLite database without Gadgetbridge's DEVICE table (it has \(shown.isEmpty ? "no tables" : shown)): "
                    + "import the file Gadgetbridge writes with Export database")
        }
        let devices = try GadgetbridgeDevice.readAll(from: database)
        for name in names {
            if let reader = GadgetbridgeTables.reader(for: name, devices: devices) {
                let columns = try database.columnNames(of: name)
                let missing = reader.requiredColumns.filter { !columns.contains($0) }
                guard missing.isEmpty else {
                    if try database.hasRows(name) { unread.append("\(name) (no column \(missing.joined(separator: ", ")))") }
                    continue
                }
                // Counted within the window: a re-read costs the new rows, its count too.
                let rows = try database.rowCount(name, window: reader.window(from: readFrom))
                guard rows > 0 else { continue }
                rowsTotal += rows
                tables.append(Table(reader: reader, columns: columns))
            } else if !GadgetbridgeTables.settings.contains(name), try database.hasRows(name) {
                unread.append(name)
            }
        }
    }

    mutating func step(into collector: inout RecordCollector) throws(ImportFault) -> Bool {
        for name in unread { collector.noteUnreadTable(name) }
        unread = []
        guard current < tables.count else {
            bytesDone = totalBytes
            return false
        }
        let name = tables[current].reader.table
        do throws(ImportFault) {
            let rows: SQLiteStatement
            if let statement {
                rows = statement
            } else {
                let reader = tables[current].reader
                rows = try database.prepare(reader.query(columns: tables[current].columns, window: reader.window(from: readFrom)))
                statement = rows
            }
            var count = 0
            while count < Self.rowsPerStep {
                guard try rows.step() else {
                    tables[current].reader.finish(into: &collector)
                    statement = nil
                    current += 1
                    break
                }
                let row = GadgetbridgeRow(statement: rows, table: name, rowid: rows.int64(0) ?? 0)
                tables[current].reader.read(row, into: &collector)
                count += 1
            }
            rowsDone += Int64(count)
        } catch {
            throw ImportFault(kind: error.kind, line: nil, message: "\(name): \(error.message)")
        }
        bytesDone = rowsTotal > 0 ? min(totalBytes, totalBytes * rowsDone / rowsTotal) : totalBytes
        return true
    }
}
