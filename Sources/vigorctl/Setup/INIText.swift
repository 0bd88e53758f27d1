/// The INI-like files khal (configobj: `[section]`, `[[subsection]]`) and vdirsyncer write: sections with
/// `key = value` lines. A line that is none of these is reported with its number, not skipped in silence.
struct INIText {
    /// One `[name]` (depth 1) or `[[name]]` (depth 2) section and its keys.
    struct Section: Equatable {
        var name: String
        var depth: Int
        var values: [String: String] = [:]
        /// The depth-1 section this one is inside (itself for depth 1).
        var parent: String
    }

    var sections: [Section] = []
    /// `line N: problem`, in order.
    var problems: [String] = []

    init(_ text: String) {
        var parent = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                let depth = line.prefix { $0 == "[" }.count
                guard line.hasSuffix(String(repeating: "]", count: depth)), line.count > depth * 2 else {
                    problems.append("line \(index + 1): an unclosed section header '\(line)'")
                    continue
                }
                let name = String(line.dropFirst(depth).dropLast(depth)).trimmingSpaces
                if depth == 1 { parent = name }
                sections.append(Section(name: name, depth: depth, parent: depth == 1 ? name : parent))
            } else if let equals = line.firstIndex(of: "="), !sections.isEmpty {
                let key = String(line[..<equals]).trimmingSpaces
                sections[sections.count - 1].values[key] = Self.unquoted(String(line[line.index(after: equals)...]).trimmingSpaces)
            } else {
                problems.append("line \(index + 1): '\(line)' is no section and no key = value")
            }
        }
    }

    /// A value without its surrounding double or single quotes.
    static func unquoted(_ value: String) -> String {
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        return value
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (and a trailing carriage return).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
