/// Scans one start tag (`<Name attr="v" …>` or `…/>`) from a byte buffer that may end mid-tag.
enum XMLTagScanner {
    enum Result {
        /// The buffer ends before the tag does; call again with more bytes.
        case needMore
        /// Not well-formed; `message` says what was expected, `at` is the byte index.
        case malformed(message: String, at: Int)
        /// A complete tag; `end` is the index just past its `>`.
        case tag(name: Range<Int>, end: Int, selfClosing: Bool)
    }

    /// Scans the start tag whose `<` is at `start`, filling `attributes` with raw value ranges.
    static func scan(_ bytes: UnsafeRawBufferPointer, at start: Int, attributes: inout XMLAttributes) -> Result {
        attributes.removeAll()
        let count = bytes.count
        var index = start + 1
        while index < count, isNameByte(bytes[index]) { index += 1 }
        guard index < count else { return .needMore }
        let name = (start + 1)..<index
        guard !name.isEmpty else {
            return .malformed(message: "expected an element name after '<'", at: start)
        }
        while true {
            var sawSpace = false
            while index < count, XMLBytes.isSpace(bytes[index]) {
                index += 1
                sawSpace = true
            }
            guard index < count else { return .needMore }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                return .tag(name: name, end: index + 1, selfClosing: false)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < count else { return .needMore }
                guard bytes[index + 1] == UInt8(ascii: ">") else {
                    return .malformed(message: "expected '>' after '/' in <\(XMLBytes.text(bytes, name))>", at: index)
                }
                return .tag(name: name, end: index + 2, selfClosing: true)
            }
            guard isNameByte(byte) else {
                return .malformed(
                    message: "expected an attribute or '>' in <\(XMLBytes.text(bytes, name))> but found '\(character(byte))'",
                    at: index)
            }
            guard sawSpace else {
                return .malformed(message: "expected whitespace between attributes in <\(XMLBytes.text(bytes, name))>", at: index)
            }
            let nameStart = index
            while index < count, isNameByte(bytes[index]) { index += 1 }
            let attributeName = nameStart..<index
            while index < count, XMLBytes.isSpace(bytes[index]) { index += 1 }
            guard index < count else { return .needMore }
            guard bytes[index] == UInt8(ascii: "=") else {
                return .malformed(
                    message: "expected '=' after attribute \(XMLBytes.text(bytes, attributeName)) in <\(XMLBytes.text(bytes, name))>",
                    at: index)
            }
            index += 1
            while index < count, XMLBytes.isSpace(bytes[index]) { index += 1 }
            guard index < count else { return .needMore }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                return .malformed(
                    message: "expected a quoted value for attribute \(XMLBytes.text(bytes, attributeName)) in <\(XMLBytes.text(bytes, name))>",
                    at: index)
            }
            guard let close = XMLBytes.find(quote, in: bytes, from: index + 1, to: count) else { return .needMore }
            attributes.append(name: attributeName, value: (index + 1)..<close)
            index = close + 1
        }
    }

    /// Bytes allowed in element and attribute names (ASCII name characters and any non-ASCII byte).
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
             UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private static func character(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
