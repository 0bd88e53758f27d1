/// Reading FIT's little- and big-endian unsigned integers out of a byte array.
enum FITBytes {
    /// The unsigned integer of `size` bytes (1…8) at `offset`; the caller has checked the bounds.
    static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int, bigEndian: Bool) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(bytes[bigEndian ? offset + index : offset + size - 1 - index])
            value = value << 8 | byte
        }
        return value
    }
}
