import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file vigord opens on the user's behalf (a calendar source, an item of a vdir): opened without blocking and
/// read only when it is a regular file, so a FIFO, a device or a socket put in its place gets a clear error instead of
/// a read that never returns.
enum RegularFile {
    /// The bytes of `path`; `followLinks: false` refuses a symbolic link (for files vigord itself writes).
    static func read(_ path: String, followLinks: Bool = true) -> Result<Data, CalendarError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            return .failure(.unreadable(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.unreadable(path: path, reason: "it is \(FileKind.name(of: info.st_mode)), not a regular file"))
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The bytes of `path`, or nil when it cannot be read as a regular file (missing, a link when refused, a FIFO…).
    static func contents(_ path: String, followLinks: Bool = true) -> Data? {
        guard case .success(let data) = read(path, followLinks: followLinks) else { return nil }
        return data
    }
}
