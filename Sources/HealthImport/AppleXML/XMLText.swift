#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns raw attribute bytes into Strings: resolves XML entities and rejects invalid UTF-8.
enum XMLText {
    /// Decodes an attribute value; nil when it is not valid UTF-8 or holds an invalid character reference.
    static func decode(_ raw: UnsafeRawBufferPointer) -> String? {
        guard XMLBytes.find(UInt8(ascii: "&"), in: raw, from: 0, to: raw.count) != nil else {
            return String(validating: raw, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "&"),
                  let semicolon = XMLBytes.find(UInt8(ascii: ";"), in: raw, from: index + 1, to: min(raw.count, index + 12))
            else {
                out.append(byte)
                index += 1
                continue
            }
            let entity = (index + 1)..<semicolon
            if let replacement = namedEntity(raw, entity) {
                out.append(replacement)
            } else if entity.count >= 2, raw[entity.lowerBound] == UInt8(ascii: "#") {
                guard let scalar = characterReference(raw, (entity.lowerBound + 1)..<entity.upperBound) else { return nil }
                out.append(contentsOf: String(Character(scalar)).utf8)
            } else {
                out.append(contentsOf: XMLBytes.slice(raw, index..<(semicolon + 1)))
            }
            index = semicolon + 1
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func namedEntity(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt8? {
        if XMLBytes.equals(raw, range, "amp") { return UInt8(ascii: "&") }
        if XMLBytes.equals(raw, range, "lt") { return UInt8(ascii: "<") }
        if XMLBytes.equals(raw, range, "gt") { return UInt8(ascii: ">") }
        if XMLBytes.equals(raw, range, "quot") { return UInt8(ascii: "\"") }
        if XMLBytes.equals(raw, range, "apos") { return UInt8(ascii: "'") }
        return nil
    }

    /// `#8217` or `#x2019` without the `#`; nil when not a valid Unicode scalar.
    private static func characterReference(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) -> Unicode.Scalar? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        var radix: UInt32 = 10
        if raw[index] == UInt8(ascii: "x") || raw[index] == UInt8(ascii: "X") {
            radix = 16
            index += 1
        }
        guard index < range.upperBound else { return nil }
        var value: UInt32 = 0
        while index < range.upperBound {
            let byte = raw[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + digit
            guard value <= 0x10FFFF else { return nil }
            index += 1
        }
        return Unicode.Scalar(value)
    }
}

/// Remembers decoded Strings for recurring raw values (source names, activity types): one allocation per distinct value.
struct DecodedStringCache {
    private var keys: [[UInt8]] = []
    private var strings: [String] = []
    private var last = 0
    private let capacity = 64

    /// The decoded string for `raw`, computed by `make` on first sight; nil when `make` fails.
    mutating func string(for raw: UnsafeRawBufferPointer, make: (UnsafeRawBufferPointer) -> String?) -> String? {
        if last < keys.count, matches(keys[last], raw) { return strings[last] }
        for index in keys.indices where matches(keys[index], raw) {
            last = index
            return strings[index]
        }
        guard let made = make(raw) else { return nil }
        if keys.count < capacity {
            keys.append([UInt8](raw))
            strings.append(made)
            last = keys.count - 1
        }
        return made
    }

    private func matches(_ key: [UInt8], _ raw: UnsafeRawBufferPointer) -> Bool {
        guard key.count == raw.count else { return false }
        return key.withUnsafeBytes { keyBytes in
            guard let keyBase = keyBytes.baseAddress, let rawBase = raw.baseAddress else { return true }
            return memcmp(keyBase, rawBase, key.count) == 0
        }
    }
}
