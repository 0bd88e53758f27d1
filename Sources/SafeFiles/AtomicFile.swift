#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The one way vigord and vigorctl replace a file: a new temp file beside the target (`O_EXCL | O_NOFOLLOW`, so a
/// link planted there is never followed), written in full, synced, renamed over the target, then the folder synced.
/// Readers see the old file or the new one, never half of it; a link planted at the target is replaced, not followed.
public enum AtomicFile {
    /// Writes `data` to `path` with permissions `mode` (before the umask); the folder must exist (see `createFolder`).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(AtomicFileError) {
        let outcome = data.withUnsafeBytes { buffer in Result { () throws(AtomicFileError) in try write(buffer, to: path, mode: mode) } }
        try outcome.get()
    }

    /// Writes `bytes` to `path` with permissions `mode` (before the umask); the folder must exist (see `createFolder`).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(AtomicFileError) {
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(AtomicFileError) in try write(buffer, to: path, mode: mode) } }
        try outcome.get()
    }

    /// Creates `folder` and any missing parents. `refusingLink`: the folder itself must be a real folder, not a
    /// symbolic link to one (for folders whose only writer is vigord, so nothing planted there is written through).
    public static func createFolder(_ folder: String, refusingLink: Bool = false) throws(AtomicFileError) {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw AtomicFileError(path: folder, reason: "cannot create \(prefix): \(errnoText())")
            }
        }
        var status = stat()
        let inspected = refusingLink ? lstat(folder, &status) : stat(folder, &status)
        guard inspected == 0 else { throw AtomicFileError(path: folder, reason: errnoText()) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw AtomicFileError(path: folder, reason: "it is \(FileKind.name(of: status.st_mode)), not a folder")
        }
    }

    /// Removes `path` (a missing file is fine) and makes the removal durable.
    public static func remove(_ path: String) throws(AtomicFileError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw AtomicFileError(path: path, reason: "unlink: \(errnoText())")
        }
        try syncFolder(folder(of: path))
    }

    /// The temp file a write of `name` leaves behind if the process dies before the rename:
    /// `.<name>.<UUID>.tmp`. Returns `name` for such a file, nil for anything else.
    public static func interruptedTarget(of file: String) -> String? {
        let uuidAndSuffix = 1 + 36 + 4
        guard file.hasPrefix("."), file.hasSuffix(".tmp"), file.count > 1 + uuidAndSuffix else { return nil }
        let name = String(file.dropFirst().dropLast(uuidAndSuffix))
        let uuid = String(file.dropLast(4).suffix(36))
        return UUID(uuidString: uuid) == nil ? nil : name
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to path: String, mode: mode_t) throws(AtomicFileError) {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw AtomicFileError(path: path, reason: "not a file name") }
        let folder = folder(of: path)
        let temporary = (folder.hasSuffix("/") ? folder : folder + "/") + ".\(name).\(UUID().uuidString).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw AtomicFileError(path: path, reason: "cannot create a file in \(folder): \(errnoText())") }
        var offset = 0
        var failed = false
        while offset < buffer.count {
            let count = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                failed = true
                break
            }
            offset += count
        }
        guard !failed, fsync(fd) == 0 else {
            let reason = errnoText()
            close(fd)
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
        guard close(fd) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw AtomicFileError(path: path, reason: "rename: \(reason)")
        }
        try syncFolder(folder)
    }

    private static func syncFolder(_ folder: String) throws(AtomicFileError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileError(path: folder, reason: "open folder: \(errnoText())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw AtomicFileError(path: folder, reason: "fsync folder: \(errnoText())") }
    }
}

/// `strerror(errno)` as text.
func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
