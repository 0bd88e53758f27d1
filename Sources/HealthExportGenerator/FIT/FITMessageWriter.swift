/// Bytes of FIT messages: definition and data messages in one byte order, the header and the CRC.
struct FITMessageWriter {
    /// A field of a definition: number, size and FIT base type.
    struct Field {
        let number: UInt8
        let size: UInt8
        let baseType: UInt8

        static func enumeration(_ number: UInt8) -> Field { Field(number: number, size: 1, baseType: 0x00) }
        static func uint8(_ number: UInt8) -> Field { Field(number: number, size: 1, baseType: 0x02) }
        static func uint16(_ number: UInt8) -> Field { Field(number: number, size: 2, baseType: 0x84) }
        static func uint32(_ number: UInt8) -> Field { Field(number: number, size: 4, baseType: 0x86) }
        static func uint32z(_ number: UInt8) -> Field { Field(number: number, size: 4, baseType: 0x8C) }
    }

    let bigEndian: Bool
    private(set) var bytes: [UInt8] = []

    init(bigEndian: Bool, bytes: [UInt8] = []) {
        self.bigEndian = bigEndian
        self.bytes = bytes
    }

    /// A definition message for `local`, with developer fields of the given sizes when there are any.
    mutating func define(local: UInt8, global: UInt16, fields: [Field], developerFieldSizes: [UInt8] = []) {
        bytes.append(0x40 | (developerFieldSizes.isEmpty ? 0 : 0x20) | local)
        bytes += [0, bigEndian ? 1 : 0]
        append(UInt64(global), size: 2)
        bytes.append(UInt8(fields.count))
        for field in fields { bytes += [field.number, field.size, field.baseType] }
        guard !developerFieldSizes.isEmpty else { return }
        bytes.append(UInt8(developerFieldSizes.count))
        for (index, size) in developerFieldSizes.enumerated() { bytes += [UInt8(index), size, 0] }
    }

    /// A data message with a normal header; `values` in the definition's order, sized as defined.
    mutating func data(local: UInt8, _ values: [(UInt64, UInt8)], developerBytes: [UInt8] = []) {
        bytes.append(local)
        for (value, size) in values { append(value, size: Int(size)) }
        bytes += developerBytes
    }

    /// A data message with a compressed timestamp header (local types 0–3, 5 bits of the time).
    mutating func compressedData(local: UInt8, timeOffset: UInt8, _ values: [(UInt64, UInt8)]) {
        bytes.append(0x80 | (local & 0x3) << 5 | (timeOffset & 0x1F))
        for (value, size) in values { append(value, size: Int(size)) }
    }

    /// The messages as a whole file: a 14-byte header with its CRC, the messages, the file CRC.
    func file() -> [UInt8] {
        var header: [UInt8] = [14, 0x20]
        header += Self.littleEndian(2132, size: 2)
        header += Self.littleEndian(UInt64(bytes.count), size: 4)
        header += Array(".FIT".utf8)
        header += Self.littleEndian(UInt64(FITCRC.crc(header)), size: 2)
        let body = header + bytes
        return body + Self.littleEndian(UInt64(FITCRC.crc(body)), size: 2)
    }

    private mutating func append(_ value: UInt64, size: Int) {
        let little = Self.littleEndian(value, size: size)
        bytes += bigEndian ? little.reversed() : little
    }

    static func littleEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// FIT's CRC-16 (reflected 0xA001, initial 0), for the files this module writes.
enum FITCRC {
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
