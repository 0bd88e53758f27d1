import Foundation

/// A file read whole into memory (a FIT activity, a Health Auto Export file): its size checked first, refused above a
/// limit with the reason the format gives, then its bytes.
enum WholeFile {
    /// The size of the file at `url`; above `limit` bytes, `tooLarge(size)` says why it is refused.
    static func size(of url: URL, atMost limit: Int, tooLarge: (Int) -> String) throws(ImportFault) -> Int {
        let size: Int
        do {
            size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        } catch {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard size <= limit else { throw ImportFault(kind: .malformed, line: nil, message: tooLarge(size)) }
        return size
    }

    /// The file's bytes.
    static func data(of url: URL) throws(ImportFault) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
    }
}
