/// A FIT file header: 12 or 14 bytes, `.FIT` at bytes 8–11, the size of the messages that follow, and
/// (14 bytes) an optional CRC of the first 12 bytes (0 when not computed).
struct FITHeader {
    /// Bytes of the header, 12 or 14.
    let size: Int
    /// Bytes of messages after the header (before the file's 2-byte CRC).
    let dataSize: Int

    /// Reads the header at `offset`; throws when it is cut short, not FIT, or its CRC does not match.
    init(_ bytes: [UInt8], at offset: Int) throws(ImportFault) {
        guard bytes.count - offset >= 12 else {
            throw ImportFault(kind: .truncated, line: nil, message: "the file ends inside the FIT header at byte \(offset)")
        }
        let size = Int(bytes[offset])
        guard size == 12 || size == 14, bytes[offset + 8..<offset + 12].elementsEqual(Array(".FIT".utf8)) else {
            throw ImportFault(kind: .malformed, line: nil, message: "no FIT header at byte \(offset) (size \(size), no .FIT): the file is damaged")
        }
        guard bytes.count - offset >= size else {
            throw ImportFault(kind: .truncated, line: nil, message: "the file ends inside the FIT header at byte \(offset)")
        }
        self.size = size
        dataSize = Int(FITBytes.unsigned(bytes, at: offset + 4, size: 4, bigEndian: false))
        if size == 14 {
            let stored = UInt16(FITBytes.unsigned(bytes, at: offset + 12, size: 2, bigEndian: false))
            guard stored == 0 || stored == FITChecksum.crc(bytes[offset..<offset + 12]) else {
                throw ImportFault(kind: .malformed, line: nil, message: "the FIT header's checksum does not match: the file is damaged")
            }
        }
    }
}
