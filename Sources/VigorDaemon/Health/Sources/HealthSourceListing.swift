import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file of a health source as it is on disk now: what tells a changed file from the one read before.
struct HealthSourceFileState: Sendable, Equatable {
    var path: String
    var size: Int64
    var modifiedAt: Date
    var inode: Int64
}

/// Why a source could not be listed, in the user's words.
struct HealthSourceListingError: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
}

/// The files of a source: the file itself, or the files directly in the folder (hidden names and the names a copy
/// in progress has, `.part`, `.tmp`, Syncthing's `~syncthing~` and `.syncthing.*.tmp`, left out). A folder's entry that
/// is not a regular file (a FIFO, a socket, a folder) is passed over; a source path that is none of these is an error.
enum HealthSourceListing {
    static func files(of path: String) throws(HealthSourceListingError) -> [HealthSourceFileState] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HealthSourceListingError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return [state(path, info)]
        case S_IFDIR:
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw HealthSourceListingError(description: "cannot list \(path): \(error.localizedDescription)")
            }
            return names.filter(isFinished).sorted().compactMap { name in
                let file = path + "/" + name
                var entry = stat()
                guard stat(file, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG else { return nil }
                return state(file, entry)
            }
        default:
            throw HealthSourceListingError(description: "\(path) is not a file or a folder (a FIFO or a device): nothing is read from it")
        }
    }

    /// Whether a name in a source folder is a finished file, not one being copied in.
    static func isFinished(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasPrefix("~syncthing~")
            && ![".part", ".partial", ".tmp", ".crdownload", "-journal", "-wal", "-shm"].contains { name.hasSuffix($0) }
    }

    /// The file's size, time and inode; an SQLite database's `-wal` beside it counts as part of it, so a database
    /// written through its log is seen to change.
    private static func state(_ path: String, _ info: stat) -> HealthSourceFileState {
        var size = Int64(info.st_size)
        var modified = seconds(info.st_mtim)
        var log = stat()
        if stat(path + "-wal", &log) == 0, log.st_mode & S_IFMT == S_IFREG {
            size += Int64(log.st_size)
            modified = max(modified, seconds(log.st_mtim))
        }
        return HealthSourceFileState(
            path: path, size: size, modifiedAt: Date(timeIntervalSince1970: modified), inode: Int64(info.st_ino))
    }

    private static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
