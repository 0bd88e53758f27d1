import Foundation
import SafeFiles

/// The calendar's file operations on its vdir folders, in its error vocabulary: `SafeFiles`' atomic writer and
/// regular-file reader, with the folder created on first write.
enum VdirFile {
    /// Writes `data` to `path` so readers see either the old or the new file, never a mix.
    static func write(_ data: Data, to path: String) throws(CalendarError) {
        let folder = AtomicFile.folder(of: path)
        do {
            try AtomicFile.createFolder(folder)
        } catch {
            throw .writeFailed(path: path, reason: "cannot create \(folder)")
        }
        do {
            try AtomicFile.write(data, to: path)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
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
            guard let target = AtomicFile.interruptedTarget(of: name), isOurs(target) else { continue }
            try remove((directory as NSString).appendingPathComponent(name))
        }
    }

    /// The bytes of `path`; a symbolic link, a FIFO or a missing file is an `unreadable` error.
    static func read(_ path: String, followLinks: Bool = true) -> Result<Data, CalendarError> {
        do {
            return .success(try RegularFile.read(path, followLinks: followLinks))
        } catch {
            return .failure(.unreadable(path: path, reason: error.description))
        }
    }

    /// The bytes of `path` when it is a regular file; nil when it is missing, a symbolic link (never followed) or
    /// anything else that cannot be read as a file of ours.
    static func readOurFile(_ path: String) -> Data? {
        RegularFile.contents(path, followLinks: false)
    }

    /// Removes `path` and makes the removal durable.
    static func remove(_ path: String) throws(CalendarError) {
        do {
            try AtomicFile.remove(path)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
    }
}
