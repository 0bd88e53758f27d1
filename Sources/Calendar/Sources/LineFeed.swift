import CLibical

/// Hands libical a file's text one line at a time, as `icalparser_parse_string` does, with an
/// `IdleYield` point per line, so parsing a large file never holds a core the socket wants.
enum LineFeed {
    /// Parses the text up to its first NUL byte (where libical's own string parser stops too).
    static func parse(_ text: String) -> OpaquePointer? {
        var text = text
        return text.withUTF8 { bytes in
            var cursor = Cursor(bytes: bytes)
            return withUnsafeMutablePointer(to: &cursor) { cursor in
                guard let parser = icalparser_new() else { return nil }
                defer { icalparser_free(parser) }
                icalparser_set_gen_data(parser, UnsafeMutableRawPointer(cursor))
                return icalparser_parse(parser, nextLine)
            }
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var yield = IdleYield()
    }

    /// libical's line generator: copies the next line, newline included, into `out` (at most
    /// `size - 1` bytes, NUL-terminated); nil at the end of the text.
    private static let nextLine: icalparser_line_gen_func = { out, size, data in
        guard let out, let data, size > 1 else { return nil }
        let cursor = data.assumingMemoryBound(to: Cursor.self)
        cursor.pointee.yield.point()
        let bytes = cursor.pointee.bytes
        let start = cursor.pointee.position
        guard let base = bytes.baseAddress, start < bytes.count, bytes[start] != 0 else { return nil }
        var end = start
        let limit = min(bytes.count, start + size - 1)
        while end < limit {
            let byte = bytes[end]
            if byte == 0 { break }
            end += 1
            if byte == 10 { break }
        }
        out.withMemoryRebound(to: UInt8.self, capacity: size) { target in
            target.update(from: base + start, count: end - start)
            target[end - start] = 0
        }
        cursor.pointee.position = end
        return out
    }
}
