import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// inotify on the health inbox: reports the names of files that were finished (closed after writing)
/// or moved in, so a file still being copied is never imported half-way.
final class InboxWatcher: @unchecked Sendable {
    private let descriptor: Int32

    init(directory: String) throws(DaemonError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .health("cannot watch \(directory): \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(descriptor, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .health("cannot watch \(directory): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Waits up to `timeoutMilliseconds`; returns the names of files finished or moved in meanwhile.
    func waitForFiles(timeoutMilliseconds: Int32) -> [String] {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, timeoutMilliseconds) > 0 else { return [] }
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            names += Self.names(in: buffer[0..<count])
        }
        return names
    }

    /// Parses `struct inotify_event` records: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
    static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = bytes.startIndex
        let header = 16
        while offset + header <= bytes.endIndex {
            let length = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 | Int(bytes[offset + 14]) << 16 | Int(bytes[offset + 15]) << 24
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.endIndex)
            let raw = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            if !raw.isEmpty { names.append(String(decoding: raw, as: UTF8.self)) }
            offset = nameEnd
        }
        return names
    }
}
