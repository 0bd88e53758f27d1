import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One vigord per folder: an exclusive `flock` on a lock file in the folder (vigord's state folder, and the folder that
/// holds vigord's calendar), held for the daemon's life and released by the kernel when the process ends, however it
/// ends. The file names the holder's pid and socket, so a second start can say which vigord is in the way.
public final class FolderLock: Sendable {
    /// The lock file in the state folder.
    public static let stateFileName = "vigord.lock"
    /// The lock file beside vigord's calendar collection (a dot file: calendar tools and sync tools skip it).
    public static let calendarFileName = ".vigord.lock"

    /// The lock file.
    public let path: String
    /// Why the file could not be made to name this process (a full disk); the lock holds all the same.
    public let holderProblem: String?
    private let descriptor: Int32

    private init(path: String, descriptor: Int32, holderProblem: String?) {
        self.path = path
        self.descriptor = descriptor
        self.holderProblem = holderProblem
    }

    deinit {
        close(descriptor)
    }

    /// Who holds a lock: what its file says.
    public struct Holder: Sendable, Equatable {
        public var pid: Int32?
        public var socket: String?
    }

    /// Locks `folder` (created `0700` when missing) for this process serving on `socket`.
    /// - Throws: `DaemonError.folderLocked` naming the running holder, or `DaemonError.lockFailed` when the lock file
    ///   cannot be opened (a link planted in its place is never followed). A holder that cannot be written (a full
    ///   disk) does not stop the lock: `holderProblem` says why.
    public static func acquire(folder: String, fileName: String, socket: String) throws(DaemonError) -> FolderLock {
        let path = (folder as NSString).appendingPathComponent(fileName)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .lockFailed(path: path, detail: "cannot create \(folder): \(error.localizedDescription)")
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            throw .lockFailed(path: path, detail: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .lockFailed(path: path, detail: "it is not a regular file")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = holder(of: descriptor)
            close(descriptor)
            guard code == EWOULDBLOCK else { throw .lockFailed(path: path, detail: String(cString: strerror(code))) }
            throw .folderLocked(folder: folder, pid: holder.pid, socket: holder.socket)
        }
        let text = "pid=\(getpid())\nsocket=\(socket)\n"
        let bytes = Array(text.utf8)
        // Written over the last holder's lines before cutting to length: a full disk still has the page they used.
        var holderProblem: String?
        if pwrite(descriptor, bytes, bytes.count, 0) != bytes.count || ftruncate(descriptor, off_t(bytes.count)) != 0 {
            holderProblem = "cannot write the holder: \(String(cString: strerror(errno)))"
        }
        return FolderLock(path: path, descriptor: descriptor, holderProblem: holderProblem)
    }

    /// What the lock file open at `descriptor` says about its holder.
    private static func holder(of descriptor: Int32) -> Holder {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return Holder() }
        var holder = Holder()
        for line in String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("pid=") { holder.pid = Int32(line.dropFirst(4)) }
            if line.hasPrefix("socket=") { holder.socket = String(line.dropFirst(7)) }
        }
        return holder
    }
}
