import Foundation

/// JSON Lines: one JSON object per line (see Docs/health-data.md); bad lines are skipped with their line number.
struct JSONLinesParser: ChunkParser {
    private var lines = LineSplitter()
    private var tally = EncodingTally()

    mutating func feed(_ chunk: UnsafeRawBufferPointer, into collector: inout RecordCollector) throws(ImportFault) {
        var splitter = LineSplitter()
        swap(&splitter, &lines)
        defer { swap(&splitter, &lines) }
        try splitter.feed(chunk) { line, number in handle(line, number, into: &collector) }
    }

    mutating func finish(into collector: inout RecordCollector) throws(ImportFault) {
        var splitter = LineSplitter()
        swap(&splitter, &lines)
        defer { swap(&splitter, &lines) }
        try splitter.finish { line, number in handle(line, number, into: &collector) }
        try tally.check()
    }

    private mutating func handle(_ line: UnsafeRawBufferPointer, _ number: Int, into collector: inout RecordCollector) {
        guard line.contains(where: { !XMLBytes.isSpace($0) }) else { return }
        guard String(validating: line, as: UTF8.self) != nil else {
            tally.countLine(valid: false)
            collector.skip(line: number, reason: .badEncoding, message: "the line is not valid UTF-8")
            return
        }
        tally.countLine(valid: true)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line))
        } catch {
            collector.skip(line: number, reason: .malformedLine, message: "not valid JSON")
            return
        }
        guard let dictionary = object as? [String: Any] else {
            collector.skip(line: number, reason: .malformedLine, message: "expected a JSON object {…} on the line")
            return
        }
        collector.add(TextRecordBuilder.build(Self.fields(dictionary)), line: number)
    }

    private static func fields(_ object: [String: Any]) -> TextFields {
        var fields = TextFields()
        fields.type = JSONFieldValue.string(object["type"])
        fields.start = JSONFieldValue.string(object["start"])
        fields.end = JSONFieldValue.string(object["end"])
        fields.value = JSONFieldValue.number(object["value"])
        fields.unit = JSONFieldValue.string(object["unit"])
        fields.source = JSONFieldValue.string(object["source"])
        fields.detail = JSONFieldValue.string(object["stage"]) ?? JSONFieldValue.string(object["activity"]) ?? JSONFieldValue.string(object["detail"])
        fields.energy = JSONFieldValue.number(object["energy"])
        fields.energyUnit = JSONFieldValue.string(object["energyUnit"])
        return fields
    }
}
