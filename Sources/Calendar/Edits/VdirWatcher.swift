import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// inotify on calendar folders: tells the daemon when to rescan the Vigor collection for user edits, or
/// when a source calendar changed.
public final class VdirWatcher: @unchecked Sendable {
    private let fd: Int32
    /// A pipe `wake()` writes to, so a waiting thread returns without a change (shutdown, a new set of folders).
    private let wakeRead: Int32
    private let wakeWrite: Int32

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
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0, wake.allSatisfy({ fcntl($0, F_SETFL, O_NONBLOCK) == 0 && fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: directories.first ?? "", reason: "pipe2: \(reason)")
        }
        fd = descriptor
        wakeRead = wake[0]
        wakeWrite = wake[1]
    }

    deinit {
        close(fd)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Waits until a watched folder changes (true) or `wake()` is called (false), at most `timeoutMilliseconds`
    /// (-1: no limit); drains the pending events. Blocks the calling thread: call it off the async pool.
    public func waitForChange(timeoutMilliseconds: Int32 = -1) -> Bool {
        var requests = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var ready: Int32
        repeat {
            ready = poll(&requests, 2, timeoutMilliseconds)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        if requests[1].revents != 0 {
            while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
            return false
        }
        var sawEvent = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            sawEvent = true
        }
        return sawEvent
    }

    /// Makes a thread in `waitForChange` return false now (or the next wait, when none is waiting).
    public func wake() {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up, so a failed write loses nothing.
        _ = write(wakeWrite, &byte, 1)
    }
}
