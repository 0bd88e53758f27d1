/// A cheap look at calendar files: events counted by their `BEGIN:VEVENT` lines, and the first and last start
/// date written in their `DTSTART` lines. Nothing is parsed or expanded: vigord's own reading (libical) decides.
struct ICSCount: Equatable {
    var events = 0
    /// Events with a repeat rule: their last date is open.
    var repeating = 0
    /// `YYYYMMDD` digits of the earliest and latest start.
    var first: String?
    var last: String?
    /// How many events start in each time zone their `DTSTART;TZID=` names.
    var zones: [String: Int] = [:]

    /// Adds one file's text.
    mutating func add(_ text: String) {
        var inEvent = false
        var sawStart = false
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if raw.hasPrefix("BEGIN:VEVENT") {
                events += 1
                inEvent = true
                sawStart = false
            } else if raw.hasPrefix("END:VEVENT") {
                inEvent = false
            } else if inEvent, raw.hasPrefix("RRULE") {
                repeating += 1
            } else if inEvent, !sawStart, raw.hasPrefix("DTSTART"), let colon = raw.lastIndex(of: ":") {
                sawStart = true
                if let zone = Self.zone(of: raw[..<colon]) { zones[zone, default: 0] += 1 }
                let digits = String(raw[raw.index(after: colon)...].prefix(8))
                guard digits.count == 8, digits.allSatisfy(\.isNumber) else { continue }
                if first.map({ digits < $0 }) ?? true { first = digits }
                if last.map({ digits > $0 }) ?? true { last = digits }
            }
        }
    }

    /// The `TZID` parameter of a `DTSTART;…` property name, without quotes.
    static func zone(of name: Substring) -> String? {
        for parameter in name.split(separator: ";").dropFirst() where parameter.uppercased().hasPrefix("TZID=") {
            let value = String(parameter.dropFirst(5).filter { $0 != "\"" })
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Counts a vdir folder's `.ics` files, or one `.ics` file.
    static func of(_ path: String) -> ICSCount {
        var count = ICSCount()
        if SetupPaths.isFolder(path) {
            for name in SetupPaths.entries(path) where name.hasSuffix(".ics") {
                if let text = SetupPaths.text(path + "/" + name) { count.add(text) }
            }
        } else if let text = SetupPaths.text(path) {
            count.add(text)
        }
        return count
    }

    /// `YYYY-MM-DD` of `YYYYMMDD`.
    static func date(_ digits: String?) -> String? {
        guard let digits, digits.count == 8 else { return nil }
        return "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))"
    }
}
