#if canImport(Glibc)
import Glibc
#endif

/// Who is on the other end of a Unix socket, as the kernel reports it (SO_PEERCRED).
public struct PeerCredentials: Sendable, Equatable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// Only the daemon's own user and root may talk to it.
    public func isAllowed(daemonUID: UInt32) -> Bool {
        uid == daemonUID || uid == 0
    }
}

/// The kernel's `struct ucred` (pid, uid, gid), which Swift's Glibc module does not export.
struct RawPeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
