/// Reads fields of one data message by number, in the definition's byte order; FIT's "invalid" values
/// (all bits set) and fields of an unexpected size read as nil.
struct FITFieldReader {
    let bytes: [UInt8]
    let base: Int
    let definition: FITDefinition

    func unsigned8(_ number: UInt8) -> UInt8? {
        value(number, size: 1, invalid: 0xFF).map { UInt8($0) }
    }

    func unsigned16(_ number: UInt8) -> UInt16? {
        value(number, size: 2, invalid: 0xFFFF).map { UInt16($0) }
    }

    func unsigned32(_ number: UInt8) -> UInt32? {
        value(number, size: 4, invalid: 0xFFFF_FFFF).map { UInt32($0) }
    }

    private func value(_ number: UInt8, size: Int, invalid: UInt64) -> UInt64? {
        guard let field = definition.field(number), field.size == size else { return nil }
        let value = FITBytes.unsigned(bytes, at: base + field.offset, size: size, bigEndian: definition.bigEndian)
        return value == invalid ? nil : value
    }
}
