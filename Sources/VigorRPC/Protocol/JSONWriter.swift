/// Writes compact JSON by hand, for the few hot results (`status`) where Foundation's
/// `JSONEncoder` costs about 2 µs per field on Linux. The output is byte for byte what
/// `RPCCoding.makeEncoder()` writes (a test holds the two together): keys must be written in
/// sorted order, nil optionals left out.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []
    private var afterKey = false

    public init() {
        bytes.reserveCapacity(1024)
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma.last == true { bytes.append(UInt8(ascii: ",")) }
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
    }

    /// Appends a value already written as JSON (by another `JSONWriter`).
    mutating func prewritten(_ value: [UInt8]) {
        separate()
        bytes.append(contentsOf: value)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// A member name; the next value written is its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    public mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most strings need no escape: copy them whole.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { appendEscaping(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaping(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        default: bytes.append(byte)
        }
    }

    /// An instant as its RFC 3339 string (same bytes as `string(timestamp.description)`).
    public mutating func timestamp(_ value: RPCTimestamp) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        value.write(into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func integer<T: BinaryInteger>(_ value: T) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Integral values without a fraction (`3`), others in Swift's shortest form, as JSONEncoder does.
    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    public mutating func array<T: JSONWritable>(_ values: [T]) {
        beginArray()
        for value in values { value.write(to: &self) }
        endArray()
    }
}

/// A value that writes its own JSON with `JSONWriter` (same bytes as its `Encodable` form).
public protocol JSONWritable: Encodable {
    func write(to json: inout JSONWriter)
}

extension RPCID {
    func write(to json: inout JSONWriter) {
        switch self {
        case .number(let number): json.integer(number)
        case .string(let text): json.string(text)
        case .null: json.null()
        }
    }
}
