#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Writes an image the user asked for: a new temp file beside the target (O_EXCL, never through a link),
/// synced, then renamed over the target. A symbolic link planted at the target is replaced, never followed;
/// readers see the old file or the new one, never half of it.
enum ImageFile {
    /// Why an image could not be written, in words.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    static func write(_ data: [UInt8], to path: String) throws(WriteError) {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(path: path, reason: "not a file name") }
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let temporary = (directory.hasSuffix("/") ? directory : directory + "/") + ".\(name).\(UUID().uuidString).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: "cannot create a file in \(directory): \(errnoText())") }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written, fsync(fd) == 0 else {
            let reason = errnoText()
            close(fd)
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
