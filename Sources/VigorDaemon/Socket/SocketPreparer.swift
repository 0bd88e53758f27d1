import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Makes a socket path ready to bind: creates its folder `0700`, replaces a stale socket left by
/// a crashed run, and refuses to steal the socket of a daemon that still answers.
public enum SocketPreparer {
    public enum Outcome: Equatable, Sendable {
        case fresh
        case replacedStale
    }

    public static func prepare(path: String) throws(DaemonError) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .socketSetup(path: path, detail: "cannot create \(folder): \(error.localizedDescription)")
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return .fresh }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "a file"
            throw .socketPathOccupied(path: path, what: what)
        }
        switch probe(path) {
        case 0:
            throw .socketInUse(path: path)
        case ECONNREFUSED:
            guard unlink(path) == 0 else {
                throw .socketSetup(path: path, detail: "cannot remove the stale socket: \(String(cString: strerror(errno)))")
            }
            return .replacedStale
        case let code:
            throw .socketSetup(path: path, detail: "cannot check the existing socket: \(String(cString: strerror(code)))")
        }
    }

    /// Tightens the socket's folder to `0700` when it exists already and is vigord's own (`ownFolder`, the default socket's
    /// folder, owned by this user, not a link); a folder the user chose (`--socket /tmp/x.sock`) is theirs and is left
    /// as it is. True when it changed the folder's permissions.
    public static func tightenOwnFolder(path: String, ownFolder: String) throws(DaemonError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard folder == ownFolder else { return false }
        var status = stat()
        guard lstat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid(),
              status.st_mode & 0o077 != 0
        else { return false }
        guard chmod(folder, 0o700) == 0 else {
            throw .socketSetup(path: path, detail: "cannot set \(folder) to 0700: \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Sets the socket file to `0600` after binding.
    public static func restrict(path: String) throws(DaemonError) {
        guard chmod(path, 0o600) == 0 else {
            throw .socketSetup(path: path, detail: "cannot set permissions 0600: \(String(cString: strerror(errno)))")
        }
    }

    /// 0 when something accepts a connection at `path`, else the errno of the attempt.
    private static func probe(_ path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0 ? 0 : errno
    }
}
