import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Crash-safe file replacement: temp file in the same directory, fsync, rename, fsync(dir).
enum AtomicFile {
    /// Writes `data` to `path` so readers see either the old or the new file, never a mix.
    static func write(_ data: Data, to path: String) throws(CalendarError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: path, reason: "cannot create \(directory)")
        }
        let temporary = (directory as NSString).appendingPathComponent(
            "." + (path as NSString).lastPathComponent + "." + UUID().uuidString + ".tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: "cannot create temp file: \(errnoText())") }
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
            throw .writeFailed(path: path, reason: reason)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw .writeFailed(path: path, reason: "rename: \(reason)")
        }
        try syncDirectory(directory)
    }

    /// The temp file a write of `name` leaves behind if the process dies before the rename:
    /// `.<name>.<UUID>.tmp`. Returns `name` for such a file, nil for anything else.
    static func interruptedTarget(of file: String) -> String? {
        let uuidAndSuffix = 1 + 36 + 4
        guard file.hasPrefix("."), file.hasSuffix(".tmp"), file.count > 1 + uuidAndSuffix else { return nil }
        let name = String(file.dropFirst().dropLast(uuidAndSuffix))
        let uuid = String(file.dropLast(4).suffix(36))
        return UUID(uuidString: uuid) == nil ? nil : name
    }

    /// Deletes the temp files of writes interrupted by a crash, for targets `isOurs` accepts.
    /// Only one writer runs at a time (the daemon holds its socket), so none is in progress.
    static func removeInterruptedWrites(in directory: String, isOurs: (String) -> Bool) throws(CalendarError) {
        guard FileManager.default.fileExists(atPath: directory) else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .writeFailed(path: directory, reason: "cannot list it: \(error.localizedDescription)")
        }
        for name in names {
            guard let target = interruptedTarget(of: name), isOurs(target) else { continue }
            try remove((directory as NSString).appendingPathComponent(name))
        }
    }

    /// The bytes of `path` when it is a regular file; nil when it is missing, a symbolic link (never followed) or
    /// anything else that cannot be read as a file of ours.
    static func readRegularFile(_ path: String) -> Data? {
        RegularFile.contents(path, followLinks: false)
    }

    /// Removes `path` and makes the removal durable.
    static func remove(_ path: String) throws(CalendarError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .writeFailed(path: path, reason: "unlink: \(errnoText())")
        }
        try syncDirectory((path as NSString).deletingLastPathComponent)
    }

    private static func syncDirectory(_ directory: String) throws(CalendarError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .writeFailed(path: directory, reason: "open dir: \(errnoText())") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .writeFailed(path: directory, reason: "fsync dir: \(errnoText())") }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
