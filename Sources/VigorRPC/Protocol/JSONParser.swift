#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A strict RFC 8259 parser from bytes to `JSONValue`, for the daemon's hot path: Foundation's
/// `JSONDecoder` can only reach an untyped value by trial decoding, which throws and catches
/// several errors per value. Nesting is limited so a hostile frame cannot exhaust the stack.
public struct JSONParser {
    /// Why a text is not JSON, with the byte offset where parsing stopped.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let maximumDepth = 128

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Parses exactly one JSON value (surrounded by optional white space).
    public static func parse<Bytes: ContiguousBytes>(_ data: Bytes) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw)
            return Result { () throws(Failure) -> JSONValue in
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.index == raw.count else { throw parser.failure("unexpected text after the value") }
                return value
            }
        }
        return try result.get()
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw failure("invalid literal")
        }
        index += count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw failure("control character in a string") }
            index += 1
        }
        guard let stop = current else { throw failure("unterminated string") }
        var utf8 = Array(bytes[start..<index])
        if stop == UInt8(ascii: "\"") {
            index += 1
            return try validated(utf8)
        }
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try validated(utf8)
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw failure("unterminated escape") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
                default: throw failure("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                utf8.append(byte)
            }
        }
    }

    private func validated(_ utf8: [UInt8]) throws(Failure) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("string is not valid UTF-8") }
        return text
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> [UInt8] {
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("unpaired surrogate in \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("invalid number")
        }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard try skipRequiredDigits() else { throw failure("invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try skipRequiredDigits() else { throw failure("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
        return .double(double)
    }

    private mutating func skipDigits() {
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    }

    private mutating func skipRequiredDigits() throws(Failure) -> Bool {
        let start = index
        skipDigits()
        return index > start
    }
}
