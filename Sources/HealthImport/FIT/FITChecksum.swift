/// The CRC-16 FIT files end with (and a 14-byte header may carry): polynomial 0x8005, reflected (0xA001),
/// initial value 0, as the FIT protocol specifies.
enum FITChecksum {
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1
            }
        }
        return crc
    }
}
