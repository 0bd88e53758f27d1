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
        fields.type = string(object["type"])
        fields.start = string(object["start"])
        fields.end = string(object["end"])
        fields.value = number(object["value"])
        fields.unit = string(object["unit"])
        fields.source = string(object["source"])
        fields.detail = string(object["stage"]) ?? string(object["activity"]) ?? string(object["detail"])
        fields.energy = number(object["energy"])
        fields.energyUnit = string(object["energyUnit"])
        return fields
    }

    private static func string(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    private static func number(_ value: Any?) -> TextFields.Number {
        switch value {
        case nil, is NSNull: return .absent
        case let text as String: return TextFields.number(fromText: text)
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite ? .number(double) : .invalid(number.description)
        default: return .invalid(String(describing: value))
        }
    }
}
