/// Where the events of a one-VCALENDAR file lie in its text, so that libical parses each VEVENT on its own
/// and the parse tree alive at any moment is one event's, not the whole file's.
///
/// Found by a byte-level scan of the component lines (BEGIN:/END: at the start of an unfolded line, ASCII
/// case ignored). Only a plain shape qualifies: one VCALENDAR, nothing but blank lines outside it, every
/// BEGIN closed by its own END, VEVENTs directly inside the VCALENDAR. Anything else gives nil, and the
/// file is parsed whole as before.
struct CalendarLayout {
    /// One VEVENT: its bytes from the start of its BEGIN line to the end of its END line (line break
    /// included), and the 1-based number of its BEGIN line.
    struct Event {
        var start: Int
        var end: Int
        var line: Int
    }

    /// The VEVENTs in file order.
    var events: [Event]
    /// The text with every VEVENT taken out (the calendar's own properties and its VTIMEZONEs), NUL-terminated.
    var skeleton: [CChar]

    static func of(_ text: String) -> CalendarLayout? {
        var text = text
        return text.withUTF8 { bytes in of(bytes) }
    }

    private static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarLayout? {
        var open: [ArraySlice<UInt8>] = []
        var calendars = 0
        var events: [Event] = []
        var eventStart = 0
        var eventLine = 0
        var number = 0
        var lineStart = 0
        let count = bytes.count
        while lineStart < count {
            number += 1
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = min(lineEnd + 1, count)
            var high = lineEnd
            while high > lineStart, isSpace(bytes[high - 1]) { high -= 1 }
            defer { lineStart = next }
            if high == lineStart || isFoldedContinuation(bytes[lineStart]) {
                continue  // a blank line, or the rest of the line above
            }
            let first = upper(bytes[lineStart])
            guard first == UInt8(ascii: "B") || first == UInt8(ascii: "E") || open.isEmpty else { continue }
            let line = ArraySlice(bytes[lineStart..<high].map(upper))
            if line.starts(with: begin) {
                let name = line.dropFirst(begin.count)
                if open.isEmpty {
                    guard name.elementsEqual(calendar), calendars == 0 else { return nil }
                    calendars += 1
                } else if name.elementsEqual(event) {
                    guard open.count == 1 else { return nil }  // a VEVENT inside another component
                    eventStart = lineStart
                    eventLine = number
                }
                open.append(name)
            } else if line.starts(with: end) {
                guard let innermost = open.popLast(), innermost.elementsEqual(line.dropFirst(end.count)) else { return nil }
                if open.count == 1, innermost.elementsEqual(event) {
                    events.append(Event(start: eventStart, end: next, line: eventLine))
                }
            } else if open.isEmpty {
                return nil  // content outside the VCALENDAR
            }
        }
        guard calendars == 1, open.isEmpty else { return nil }
        var skeleton: [CChar] = []
        skeleton.reserveCapacity(count - events.reduce(0) { $0 + $1.end - $1.start } + 1)
        var position = 0
        for item in events {
            skeleton.append(contentsOf: bytes[position..<item.start].lazy.map { CChar(bitPattern: $0) })
            position = item.end
        }
        skeleton.append(contentsOf: bytes[position..<count].lazy.map { CChar(bitPattern: $0) })
        skeleton.append(0)
        return CalendarLayout(events: events, skeleton: skeleton)
    }

    private static let begin = Array("BEGIN:".utf8)
    private static let end = Array("END:".utf8)
    private static let calendar = Array("VCALENDAR".utf8)
    private static let event = Array("VEVENT".utf8)

    private static func isFoldedContinuation(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
