import Foundation

/// CSV with the header `type,start,end,value,unit,source,detail` (optional `energy,energyUnit`), any column order.
struct CSVParser: ChunkParser {
    /// The columns every file must have.
    static let requiredColumns = ["type", "start", "end", "value", "unit", "source", "detail"]
    /// Columns a file may add.
    static let optionalColumns = ["energy", "energyUnit"]

    private var rows = CSVRowSplitter()
    private var columns: [String: Int]?
    private var columnCount = 0
    private var tally = EncodingTally()

    mutating func feed(_ chunk: UnsafeRawBufferPointer, into collector: inout RecordCollector) throws(ImportFault) {
        var splitter = CSVRowSplitter()
        swap(&splitter, &rows)
        defer { swap(&splitter, &rows) }
        try splitter.feed(chunk) { (row, line) throws(ImportFault) in try handle(row, line, into: &collector) }
    }

    mutating func finish(into collector: inout RecordCollector) throws(ImportFault) {
        var splitter = CSVRowSplitter()
        swap(&splitter, &rows)
        defer { swap(&splitter, &rows) }
        if splitter.endsInsideQuotes {
            collector.skip(line: splitter.pendingRowLine, reason: .malformedLine, message: "the file ends inside a quoted field")
        }
        try splitter.finish { (row, line) throws(ImportFault) in try handle(row, line, into: &collector) }
        guard columns != nil else {
            throw ImportFault(kind: .missingHeader, line: 1, message: "the file is empty; the first line must be the header \(Self.requiredColumns.joined(separator: ","))")
        }
        try tally.check()
    }

    private mutating func handle(_ row: [[UInt8]], _ line: Int, into collector: inout RecordCollector) throws(ImportFault) {
        if row.count == 1, row[0].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        guard let columns else {
            try readHeader(row, line)
            return
        }
        let texts = row.map { String(validating: $0, as: UTF8.self) }
        guard !texts.contains(where: { $0 == nil }) else {
            tally.countLine(valid: false)
            collector.skip(line: line, reason: .badEncoding, message: "the row is not valid UTF-8")
            return
        }
        tally.countLine(valid: true)
        guard row.count == columnCount else {
            collector.skip(line: line, reason: .malformedLine, message: "expected \(columnCount) fields, found \(row.count)")
            return
        }
        func text(_ name: String) -> String? {
            guard let index = columns[name], let value = texts[index]?.trimmingSpaces, !value.isEmpty else { return nil }
            return value
        }
        var fields = TextFields()
        fields.type = text("type")
        fields.start = text("start")
        fields.end = text("end")
        fields.value = TextFields.number(fromText: text("value"))
        fields.unit = text("unit")
        fields.source = text("source")
        fields.detail = text("detail")
        fields.energy = TextFields.number(fromText: text("energy"))
        fields.energyUnit = text("energyUnit")
        collector.add(TextRecordBuilder.build(fields), line: line)
    }

    private mutating func readHeader(_ row: [[UInt8]], _ line: Int) throws(ImportFault) {
        var names = row.map { String(decoding: $0, as: UTF8.self).trimmingSpaces }
        if let first = names.first, first.hasPrefix("\u{FEFF}") {
            names[0] = String(first.dropFirst())
        }
        let expected = Self.requiredColumns.joined(separator: ",")
        var found: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            guard let canonical = (Self.requiredColumns + Self.optionalColumns).first(where: {
                $0.caseInsensitiveCompare(name) == .orderedSame
            }) else {
                throw ImportFault(
                    kind: .missingHeader, line: line,
                    message: "unknown column \"\(name)\" in the header; the first line must be the header \(expected) (optionally ,energy,energyUnit)")
            }
            found[canonical] = index
        }
        let missing = Self.requiredColumns.filter { found[$0] == nil }
        guard missing.isEmpty else {
            throw ImportFault(
                kind: .missingHeader, line: line,
                message: "the header lacks \(missing.joined(separator: ", ")); the first line must be the header \(expected)")
        }
        columns = found
        columnCount = names.count
    }
}
