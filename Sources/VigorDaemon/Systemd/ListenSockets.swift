import CSystemd
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The listening socket systemd passed us (socket activation), if any.
public enum ListenSockets {
    /// The passed socket's descriptor and path, nil when not socket-activated.
    /// More than one socket, or one that is not a listening Unix stream socket, is an error.
    public static func take() throws(DaemonError) -> (descriptor: Int32, path: String)? {
        let count = sd_listen_fds(1)
        if count < 0 { throw .socketActivation("sd_listen_fds failed: \(String(cString: strerror(-count)))") }
        if count == 0 { return nil }
        guard count == 1 else {
            throw .socketActivation("systemd passed \(count) sockets; vigord expects exactly one (check vigord.socket)")
        }
        let descriptor = SD_LISTEN_FDS_START
        guard sd_is_socket_unix(descriptor, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0 else {
            throw .socketActivation("the socket systemd passed is not a listening Unix stream socket")
        }
        return (descriptor, boundPath(of: descriptor) ?? "(socket from systemd)")
    }

    private static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }
}

private let SD_LISTEN_FDS_START: Int32 = 3
