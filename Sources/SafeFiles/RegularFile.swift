#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Opens a file vigord reads on the user's behalf (a calendar source, a health file) without blocking, and only when
/// it is a regular file, so a FIFO, a device or a socket put in its place gets a clear error instead of a read that
/// never returns. `followLinks: false` refuses a symbolic link (for files vigord itself writes).
public enum RegularFile {
    /// An open descriptor of a regular file and its size; the caller closes it.
    public static func open(_ path: String, followLinks: Bool = true) throws(RegularFileError) -> (descriptor: Int32, size: Int64) {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw .cannotOpen(errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .cannotInspect(errno: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegular(kind: FileKind.name(of: info.st_mode))
        }
        return (fd, Int64(info.st_size))
    }

    /// The bytes of `path`.
    public static func read(_ path: String, followLinks: Bool = true) throws(RegularFileError) -> Data {
        let (fd, _) = try open(path, followLinks: followLinks)
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .readFailed(errno: errno) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The bytes of `path`, or nil when it cannot be read as a regular file (missing, a link when refused, a FIFO…).
    public static func contents(_ path: String, followLinks: Bool = true) -> Data? {
        do { return try read(path, followLinks: followLinks) } catch { return nil }
    }
}

/// Why a file could not be read as a regular file.
public enum RegularFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open` failed (ENOENT: missing; ELOOP: a symbolic link that was refused).
    case cannotOpen(errno: Int32)
    /// `fstat` failed on the open file.
    case cannotInspect(errno: Int32)
    /// It is a folder, a FIFO, a device…: the words for what it is.
    case notRegular(kind: String)
    /// `read` failed.
    case readFailed(errno: Int32)

    /// The reason in words, e.g. "no such file" or "it is a FIFO (named pipe), not a regular file".
    public var description: String {
        switch self {
        case .cannotOpen(let code): code == ENOENT ? "no such file" : errnoText(code)
        case .cannotInspect(let code), .readFailed(let code): errnoText(code)
        case .notRegular(let kind): "it is \(kind), not a regular file"
        }
    }
}
