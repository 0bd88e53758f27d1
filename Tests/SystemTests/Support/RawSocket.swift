import Foundation
import TestPrograms

#if canImport(Glibc)
import Glibc
#endif

/// A bare Unix-socket client for tests that must pipeline frames and read replies one by one.
final class RawSocket {
    private let descriptor: Int32
    private var buffer = Data()

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw RawSocketError("connect to \(path) failed: errno \(errno)")
        }
    }

    /// Writes every byte of `text`.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw RawSocketError("write failed: errno \(errno)") }
            offset += written
        }
    }

    /// Writes copies of `text` without waiting until the socket takes no more; the bytes it took.
    func sendUntilFull(_ text: String, limit: Int = 64 << 20) throws -> Int {
        let bytes = Array(text.utf8)
        var total = 0
        while total < limit {
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return total }
            guard written > 0 else { throw RawSocketError("send failed: errno \(errno)") }
            total += written
            // A partial write leaves half a frame; finish it, blocking, so the stream stays whole.
            if written < bytes.count { try send(String(decoding: bytes[written...], as: UTF8.self)); total += bytes.count - written }
        }
        return total
    }

    /// Closes the sending side only (half-closure): the daemon still answers what it received.
    func finishSending() throws {
        guard shutdown(descriptor, Int32(SHUT_WR)) == 0 else { throw RawSocketError("shutdown failed: errno \(errno)") }
    }

    /// Reads one reply line; nil when the peer closed first. Throws when no byte comes for `timeout` seconds.
    func readLine(timeout: Int = TestDeadline.seconds) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(timeout * 1000))
            guard polled > 0 else {
                throw RawSocketError(polled == 0 ? "no reply within \(timeout) s" : "poll failed: errno \(errno)")
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    deinit { close(descriptor) }
}

struct RawSocketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
