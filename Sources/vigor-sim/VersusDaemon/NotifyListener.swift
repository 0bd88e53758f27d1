import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket in systemd's place (`NOTIFY_SOCKET`): vigord says there when it has re-planned after a calendar
/// change (`STATUS=Serving; replanned the week …`), so the replay waits for that instead of for a time.
final class NotifyListener {
    let path: String
    private let descriptor: Int32
    /// Every `STATUS=` line received so far, in order.
    private(set) var statuses: [String] = []

    /// Binds `folder/notify.sock`.
    init(folder: URL) throws {
        path = folder.appendingPathComponent("notify.sock").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ReplayError("cannot make the notify socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw ReplayError("the notify socket's path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw ReplayError("cannot bind the notify socket \(path): errno \(code)")
        }
    }

    deinit { close(descriptor) }

    /// Waits until a `STATUS=` line after the first `after` ones starts with `prefix`; returns its index, or nil when
    /// `seconds` pass first.
    func waitForStatus(prefix: String, after: Int, seconds: Double) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        var index = after
        while true {
            while index < statuses.count {
                if statuses[index].hasPrefix(prefix) { return index }
                index += 1
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, remaining * 1000))) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            for line in String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n") where line.hasPrefix("STATUS=") {
                statuses.append(String(line.dropFirst("STATUS=".count)))
            }
        }
    }
}
