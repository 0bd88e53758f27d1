import Foundation

/// Finds the line of a key in TOML text, so errors found after parsing can still name a line.
/// It understands `[table]`, `[[array.of.tables]]` and `key = value` lines (bare or quoted keys).
public struct TOMLKeyLocator: Sendable {
    private struct Entry {
        var table: [String]
        var arrayIndex: Int?
        var key: String?
        var line: Int
    }

    private var entries: [Entry] = []

    public init(text: String) {
        var table: [String] = []
        var arrayIndex: Int?
        var arrayCounts: [String: Int] = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[[") {
                table = Self.path(line.dropFirst(2).prefix { $0 != "]" })
                let joined = table.joined(separator: ".")
                let index = arrayCounts[joined, default: 0]
                arrayCounts[joined] = index + 1
                arrayIndex = index
                entries.append(Entry(table: table, arrayIndex: index, key: nil, line: lineNumber))
            } else if line.hasPrefix("[") {
                table = Self.path(line.dropFirst().prefix { $0 != "]" })
                arrayIndex = nil
                entries.append(Entry(table: table, arrayIndex: nil, key: nil, line: lineNumber))
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let keyPath = Self.path(line[..<equals])
                guard let last = keyPath.last else { continue }
                entries.append(Entry(table: table + keyPath.dropLast(), arrayIndex: arrayIndex, key: last, line: lineNumber))
            }
        }
    }

    /// The line of `key` in `table` (the n-th `[[table]]` when `arrayIndex` is set), or of the
    /// table header itself when `key` is nil.
    public func line(table: [String], arrayIndex: Int? = nil, key: String?) -> Int? {
        entries.first { entry in
            entry.table == table && entry.key == key && (arrayIndex == nil || entry.arrayIndex == arrayIndex)
        }?.line
    }

    private static func path(_ text: Substring) -> [String] {
        text.split(separator: ".").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
    }
}
