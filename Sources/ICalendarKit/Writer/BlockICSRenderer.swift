import Foundation

/// Renders a `VigorBlock` as a one-event iCalendar file (RFC 5545: CRLF, escaped text,
/// lines folded at 75 octets), marked as Vigor's own with X-VIGOR-* properties. DTSTAMP is the
/// last modification, so the same block and identity always give the same bytes.
enum BlockICSRenderer {
    static let ownerValue = "vigord"

    static func render(_ block: VigorBlock) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//vigord//Vigor blocks 1.0//EN",
            "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT",
        ]
        lines += identityLines(block.identity)
        lines += [
            "DTSTART:" + utcStamp(block.start),
            "DTEND:" + utcStamp(block.end),
            "SUMMARY:" + escape(block.title),
            "DESCRIPTION:" + escape(block.reason),
        ]
        if !block.categories.isEmpty { lines.append("CATEGORIES:" + block.categories.map(escape).joined(separator: ",")) }
        if let color = block.color { lines.append("COLOR:" + escape(color)) }
        lines += [
            block.transparent ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE",
            block.tentative ? "STATUS:TENTATIVE" : "STATUS:CONFIRMED",
            "X-VIGOR-OWNER:" + ownerValue,
            "X-VIGOR-BLOCK-ID:" + escape(block.id),
            "X-VIGOR-KIND:" + escape(block.kind),
            "X-VIGOR-STATE:" + escape(block.state),
            "X-VIGOR-FINGERPRINT:" + block.fingerprint,
        ]
        if let minutes = block.alarmMinutesBefore {
            lines += [
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:" + escape(block.title),
                "TRIGGER:" + (minutes == 0 ? "PT0M" : "-PT\(minutes)M"),
                "END:VALARM",
            ]
        }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// UID, DTSTAMP, CREATED, LAST-MODIFIED and SEQUENCE.
    static func identityLines(_ identity: CalendarIdentity) -> [String] {
        [
            "UID:" + escape(identity.uid),
            "DTSTAMP:" + utcStamp(identity.lastModified),
            "CREATED:" + utcStamp(identity.created),
            "LAST-MODIFIED:" + utcStamp(identity.lastModified),
            "SEQUENCE:" + String(identity.sequence),
        ]
    }

    /// 20261123T070000Z
    static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let wall = WallDateTime.fromNaive(seconds)
        let fields = wall.fields
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second)
    }

    /// TEXT escaping: backslash, semicolon, comma, newline.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result
    }

    /// Folds a content line at 75 octets without splitting a UTF-8 character.
    static func fold(_ line: String) -> String {
        var output = ""
        var count = 0
        var limit = 75
        for character in line {
            let size = String(character).utf8.count
            if count + size > limit {
                output += "\r\n "
                count = 0
                limit = 74
            }
            output.append(character)
            count += size
        }
        return output
    }
}
