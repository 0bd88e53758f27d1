import Foundation

/// Cache key for a local file: unchanged mtime (ns) and size mean no re-parse.
struct FileFingerprint: Sendable, Hashable {
    var modifiedNanoseconds: Int
    var size: Int

    /// The current key of the file at `path`, or nil when it cannot be stat'ed.
    static func of(_ path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileFingerprint(
            modifiedNanoseconds: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            size: Int(info.st_size))
    }
}
