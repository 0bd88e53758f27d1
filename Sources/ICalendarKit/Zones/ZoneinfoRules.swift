import Foundation

/// A zone's UTC offsets as the system zoneinfo states them: the transitions of its TZif file
/// (RFC 8536) and, after the last one, the POSIX TZ rule of the file's footer.
///
/// vigord reads the files itself rather than through libical, whose conversion of zoneinfo into
/// VTIMEZONE rules (libical 3.0) loses transitions of zones with irregular dates (Iran's DST in 2018,
/// for one): every reader of the same system data must see the same offsets. Immutable, thread-safe.
struct ZoneinfoRules: Sendable {
    /// Transition instants (UTC seconds), ascending.
    let transitions: [Int]
    /// UTC offset in seconds from each transition on.
    let offsets: [Int]
    /// UTC offset before the first transition (the file's first local time type).
    let initialOffset: Int
    /// The rule after the last transition, when the file has one.
    let footer: PosixZoneRule?

    /// The folder the system keeps its zoneinfo in (`TZDIR` when set).
    static var directory: String {
        ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    }

    /// The rules of the zone `name` ("Europe/Berlin", "UTC"), or nil when the name is not a zone file of the
    /// system zoneinfo. A name is looked up only when it is a plain relative path (letters, digits, "_",
    /// "-", "+", "/"; no "." or ".." part), so a TZID read from a calendar never reaches another file.
    static func load(name: String, directory: String = Self.directory) -> ZoneinfoRules? {
        guard isZoneName(name) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
        } catch {
            return nil  // no such zone on this system
        }
        return parse(data)
    }

    /// Whether `name` can name a zone file: relative, no empty, "." or ".." parts, safe characters only.
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/") else { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+/")
        guard name.allSatisfy({ allowed.contains($0) }) else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// Parses TZif data (version 1, or 2 and later with 64-bit times and a footer); nil when it is not TZif.
    static func parse(_ data: Data) -> ZoneinfoRules? {
        let bytes = [UInt8](data)
        guard let first = Header(bytes, at: 0) else { return nil }
        var timeSize = 4
        var header = first
        var start = Header.length
        if first.version >= 2 {
            let second = start + first.blockLength(timeSize: 4)
            guard let wide = Header(bytes, at: second) else { return nil }
            header = wide
            timeSize = 8
            start = second + Header.length
        }
        let blockEnd = start + header.blockLength(timeSize: timeSize)
        guard header.typeCount > 0, blockEnd <= bytes.count else { return nil }
        var transitions: [Int] = []
        var position = start
        for _ in 0..<header.timeCount {
            transitions.append(timeSize == 8 ? Int(Int64(bitPattern: bigEndian(bytes, position, 8)))
                                             : Int(Int32(bitPattern: UInt32(bigEndian(bytes, position, 4)))))
            position += timeSize
        }
        let typeIndices = bytes[position..<(position + header.timeCount)].map(Int.init)
        position += header.timeCount
        var typeOffsets: [Int] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(Int(Int32(bitPattern: UInt32(bigEndian(bytes, position, 4)))))
            position += 6
        }
        guard typeIndices.allSatisfy({ $0 < typeOffsets.count }) else { return nil }
        var footer: PosixZoneRule?
        if header.version >= 2, blockEnd < bytes.count, bytes[blockEnd] == UInt8(ascii: "\n"),
           let close = bytes[(blockEnd + 1)...].firstIndex(of: UInt8(ascii: "\n")) {
            footer = PosixZoneRule(String(decoding: bytes[(blockEnd + 1)..<close], as: UTF8.self))
        }
        return ZoneinfoRules(transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] },
                             initialOffset: typeOffsets[0], footer: footer)
    }

    /// UTC offset in seconds in effect at a UTC instant.
    func offset(atUTC seconds: Int) -> Int {
        guard let last = transitions.last else { return footer?.offset(atUTC: seconds) ?? initialOffset }
        if seconds >= last, let footer {
            return footer.offset(atUTC: seconds)
        }
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }

    /// The fixed part of a TZif header (RFC 8536 3.1).
    private struct Header {
        static let length = 44
        var version: Int
        var utLocalCount: Int
        var standardWallCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var characterCount: Int

        init?(_ bytes: [UInt8], at offset: Int) {
            guard offset + Self.length <= bytes.count, bytes[offset..<(offset + 4)].elementsEqual("TZif".utf8) else { return nil }
            let versionByte = bytes[offset + 4]
            version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
            let count = { (index: Int) in Int(bigEndian(bytes, offset + 20 + 4 * index, 4)) }
            (utLocalCount, standardWallCount, leapCount, timeCount, typeCount, characterCount)
                = (count(0), count(1), count(2), count(3), count(4), count(5))
        }

        /// Bytes of the data block after this header.
        func blockLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + standardWallCount + utLocalCount
        }
    }
}

private func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<(offset + count) {
        value = value << 8 | UInt64(bytes[index])
    }
    return value
}
