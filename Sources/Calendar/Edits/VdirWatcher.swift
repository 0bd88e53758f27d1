import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// inotify on calendar folders: tells the daemon when to rescan the Vigor collection for user edits, or
/// when a source calendar changed.
public final class VdirWatcher: @unchecked Sendable {
    private let fd: Int32

    /// Watches a folder for files written, moved in or out, created or deleted.
    public convenience init(directory: String) throws(CalendarError) {
        try self.init(directories: [directory])
    }

    /// Watches every folder in `directories` on one descriptor.
    public init(directories: [String]) throws(CalendarError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw .unreadable(path: directories.first ?? "", reason: "inotify_init1: \(String(cString: strerror(errno)))")
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
        for directory in directories where inotify_add_watch(descriptor, directory, mask) < 0 {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: directory, reason: "inotify_add_watch: \(reason)")
        }
        fd = descriptor
    }

    deinit {
        close(fd)
    }

    /// The descriptor, for the daemon's own poll/epoll loop (readable = something changed).
    public var fileDescriptor: Int32 { fd }

    /// Waits up to `timeoutMilliseconds` for a change; drains pending events. True if any came.
    public func waitForChange(timeoutMilliseconds: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, timeoutMilliseconds)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var sawEvent = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            sawEvent = true
        }
        return sawEvent
    }
}
