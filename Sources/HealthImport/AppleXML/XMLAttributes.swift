#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte ranges of one start tag's attributes inside the scanner's buffer; reused from tag to tag (no allocation).
struct XMLAttributes {
    private(set) var names: [Range<Int>] = []
    private(set) var values: [Range<Int>] = []

    init() {
        names.reserveCapacity(32)
        values.reserveCapacity(32)
    }

    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    mutating func append(name: Range<Int>, value: Range<Int>) {
        names.append(name)
        values.append(value)
    }

    /// The raw (still entity-encoded) value range of the attribute called `name`, if present.
    func value(_ name: StaticString, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        for index in names.indices where XMLBytes.equals(bytes, names[index], name) {
            return values[index]
        }
        return nil
    }
}

/// Small helpers comparing and slicing the scanner's bytes.
enum XMLBytes {
    /// True when the bytes in `range` spell `literal` exactly.
    @inline(__always)
    static func equals(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard range.count == length else { return false }
        guard let base = bytes.baseAddress else { return length == 0 }
        return memcmp(base + range.lowerBound, literal.utf8Start, length) == 0
    }

    /// True when the bytes in `range` start with `literal`.
    static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard range.count >= length, let base = bytes.baseAddress else { return false }
        return memcmp(base + range.lowerBound, literal.utf8Start, length) == 0
    }

    /// A view of the bytes in `range`.
    @inline(__always)
    static func slice(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// The bytes in `range` as text for a message (invalid UTF-8 is replaced, long values cut).
    static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        let cut = range.lowerBound..<min(range.upperBound, range.lowerBound + 60)
        let text = String(decoding: slice(bytes, cut), as: UTF8.self)
        return cut.count < range.count ? text + "…" : text
    }

    /// Index of the first `byte` at or after `start`, before `end`.
    @inline(__always)
    static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), end - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Index of the first occurrence of `literal` at or after `start`.
    static func find(_ literal: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let length = literal.utf8CodeUnitCount
        let first = literal.utf8Start.pointee
        var index = start
        while let candidate = find(first, in: bytes, from: index, to: bytes.count) {
            if candidate + length > bytes.count { return nil }
            if equals(bytes, candidate..<(candidate + length), literal) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// XML whitespace: space, tab, CR, LF.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Counts line feeds in `range` (CRLF counts once, as its LF).
    static func countNewlines(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        var count = 0
        for byte in slice(bytes, range) where byte == 0x0A {
            count += 1
        }
        return count
    }
}
