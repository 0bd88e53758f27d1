/// The first 100 bytes of an SQLite file: checked before opening, so a copy cut short is named as such
/// instead of surfacing later as a damaged page.
struct SQLiteHeader {
    /// `SQLite format 3` and a NUL: the first 16 bytes of every SQLite 3 database.
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]
    static let size = 100

    /// Page size in bytes.
    let pageSize: Int64
    /// Pages the header says the file holds, when the header vouches for that count.
    let pageCount: Int64?

    init(_ bytes: [UInt8]) throws(ImportFault) {
        guard bytes.count >= Self.size, bytes.starts(with: Self.magic) else {
            throw ImportFault(kind: .truncated, line: nil, message: "the database ends inside its 100-byte header: the copy is incomplete")
        }
        let rawPageSize = Int64(bytes[16]) << 8 | Int64(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw ImportFault(kind: .malformed, line: nil, message: "the database header names a page size of \(rawPageSize) bytes: the file is damaged")
        }
        self.pageSize = pageSize
        let changeCounter = Self.bigEndian(bytes, at: 24)
        let validFor = Self.bigEndian(bytes, at: 92)
        let pages = Self.bigEndian(bytes, at: 28)
        pageCount = changeCounter == validFor && pages > 0 ? Int64(pages) : nil
    }

    /// Throws when the file is shorter than the pages its header counts.
    func checkComplete(fileSize: Int64) throws(ImportFault) {
        guard let pageCount else { return }
        let expected = pageCount * pageSize
        guard fileSize >= expected else {
            throw ImportFault(
                kind: .truncated, line: nil,
                message: "the database is \(fileSize) bytes but its header counts \(expected): the copy is incomplete; copy or export it again")
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
