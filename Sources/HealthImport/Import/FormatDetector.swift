import Foundation

/// Recognises a file's format from its first bytes; the extension only breaks ties.
enum FormatDetector {
    static func detect(prefix bytes: [UInt8], fileName: String) -> HealthFileFormat? {
        if bytes.starts(with: SQLiteHeader.magic) {
            return .gadgetbridge
        }
        if bytes.count >= 12, bytes[0] == 12 || bytes[0] == 14, bytes[8..<12].elementsEqual(Array(".FIT".utf8)) {
            return .fit
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .appleHealthZip
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C]) {
            return .appleHealthXML
        }
        var content = bytes[...]
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        let firstVisible = content.first { !XMLBytes.isSpace($0) }
        switch firstVisible {
        case UInt8(ascii: "<"): return .appleHealthXML
        case UInt8(ascii: "{"): return isHealthAutoExport(content) ? .healthAutoExport : .jsonLines
        default: break
        }
        let firstLine = String(decoding: content.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        let headerNames = Set(firstLine.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        if headerNames.contains("type") && headerNames.contains("start") {
            return .csv
        }
        return byExtension(fileName)
    }

    /// Health Auto Export's one JSON document opens with `"data"` holding `"metrics"` or `"workouts"`; a JSON Lines
    /// record of vigord's format has neither key.
    private static func isHealthAutoExport(_ content: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: content, as: UTF8.self)
        guard let data = text.range(of: "\"data\"") else { return false }
        let rest = text[data.upperBound...]
        return rest.contains("\"metrics\"") || rest.contains("\"workouts\"")
    }

    static func byExtension(_ fileName: String) -> HealthFileFormat? {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "zip": .appleHealthZip
        case "xml": .appleHealthXML
        case "jsonl", "ndjson": .jsonLines
        case "csv": .csv
        case "fit": .fit
        case "db" where fileName.lowercased().hasPrefix("gadgetbridge"): .gadgetbridge
        default: fileName == "Gadgetbridge" ? .gadgetbridge : nil
        }
    }
}
