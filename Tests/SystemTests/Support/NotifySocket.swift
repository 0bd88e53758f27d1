import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket playing systemd's NOTIFY_SOCKET: the test waits on the daemon's
/// READY=1 / STOPPING=1 / WATCHDOG=1 messages instead of sleeping.
final class NotifySocket {
    let path: String
    private let descriptor: Int32
    private(set) var received: [String] = []

    init(folder: String) throws {
        path = folder + "/notify.sock"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(descriptor) }

    /// Forgets the messages seen so far, queued ones included, before waiting for a new process's
    /// messages (call it after the old process has exited).
    func forget() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        received.removeAll()
    }

    /// True when the socket's queue is full: a datagram sent to it now, without waiting, is refused with EAGAIN (what
    /// the daemon meets when the manager stops reading). A datagram that fits is queued, and read as "PROBE=1".
    func queueIsFull() -> Bool {
        let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard sender >= 0 else { return false }
        defer { close(sender) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let probe = Array("PROBE=1".utf8)
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(sender, probe, probe.count, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return sent < 0 && errno == EAGAIN
    }

    /// Waits (up to `timeout` seconds per message) until a message containing `assignment` arrives;
    /// returns false on timeout.
    func waitFor(_ assignment: String, timeout: Int = 30) -> Bool {
        waitFor(timeout: timeout) { $0 == assignment }
    }

    /// Waits until a message has a line starting with `prefix`.
    func waitFor(prefix: String, timeout: Int = 30) -> Bool {
        waitFor(timeout: timeout) { $0.hasPrefix(prefix) }
    }

    private func waitFor(timeout: Int, matching: (Substring) -> Bool) -> Bool {
        if received.contains(where: { $0.split(separator: "\n").contains(where: matching) }) { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        while Date() < deadline {
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, remaining) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            let message = String(decoding: buffer[..<count], as: UTF8.self)
            received.append(message)
            if message.split(separator: "\n").contains(where: matching) { return true }
        }
        return false
    }
}
