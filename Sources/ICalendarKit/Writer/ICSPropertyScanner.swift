import Foundation

/// Reads the unfolded property lines of a small iCalendar file (for X-VIGOR-* markers,
/// which libical keeps as anonymous X properties).
enum ICSPropertyScanner {
    /// First value of each property name (uppercased, parameters dropped) inside the first VEVENT.
    static func eventProperties(in text: String) -> [String: String] {
        var unfolded: [String] = []
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = raw.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += raw.dropFirst()
            } else {
                unfolded.append(String(raw))
            }
        }
        var properties: [String: String] = [:]
        var inEvent = false
        for line in unfolded {
            let upper = line.uppercased()
            if upper == "BEGIN:VEVENT" { inEvent = true; continue }
            if upper == "END:VEVENT" { break }
            guard inEvent, let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon]
            let name = String(head.split(separator: ";", maxSplits: 1).first ?? head).uppercased()
            if properties[name] == nil {
                properties[name] = unescape(String(line[line.index(after: colon)...]))
            }
        }
        return properties
    }

    static func unescape(_ value: String) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
