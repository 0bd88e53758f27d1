/// Byte-level scans of iCalendar text (ASCII keywords only), used before and around libical
/// parsing. They replace Foundation string searches that dominated parse time on large files.
enum ICSTextScan {
    /// Whether `keyword` (ASCII, given in upper case) occurs anywhere in `text`, ignoring ASCII case.
    static func contains(_ keyword: StaticString, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            keyword.withUTF8Buffer { needle in
                guard needle.count > 0, bytes.count >= needle.count else { return needle.count == 0 }
                let first = needle[0]
                var index = 0
                let last = bytes.count - needle.count
                while index <= last {
                    if upper(bytes[index]) == first {
                        var offset = 1
                        while offset < needle.count, upper(bytes[index + offset]) == needle[offset] {
                            offset += 1
                        }
                        if offset == needle.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// 1-based numbers of the lines (split at LF) that read BEGIN:VEVENT, ignoring ASCII case
    /// and surrounding ASCII whitespace (including the CR of CRLF).
    static func beginEventLines(in text: String) -> [Int] {
        let keyword: [UInt8] = Array("BEGIN:VEVENT".utf8)
        var text = text
        return text.withUTF8 { bytes in
            var lines: [Int] = []
            var number = 0
            var lineStart = 0
            let count = bytes.count
            while lineStart <= count {
                number += 1
                var lineEnd = lineStart
                while lineEnd < count, bytes[lineEnd] != UInt8(ascii: "\n") {
                    lineEnd += 1
                }
                var low = lineStart
                var high = lineEnd
                while low < high, isSpace(bytes[low]) { low += 1 }
                while high > low, isSpace(bytes[high - 1]) { high -= 1 }
                if high - low == keyword.count {
                    var offset = 0
                    while offset < keyword.count, upper(bytes[low + offset]) == keyword[offset] {
                        offset += 1
                    }
                    if offset == keyword.count { lines.append(number) }
                }
                if lineEnd == count { break }
                lineStart = lineEnd + 1
            }
            return lines
        }
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
