import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// inotify on folders: tells the daemon when to rescan the Vigor collection for user edits, when a source
/// calendar changed, or when a file landed in the health drop folder. Only names that matter count: an editor's temporary file or a sync tool's
/// `.tmp` does not wake anyone, its rename onto the calendar does.
public final class VdirWatcher: @unchecked Sendable {
    private let fd: Int32
    /// A pipe `wake()` writes to, so a waiting thread returns without a change (shutdown, a new set of folders).
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The folder of each watch descriptor, and which of its file names count.
    private let folders: [Int32: String]
    private let matters: @Sendable (_ folder: String, _ name: String) -> Bool

    /// Which file events count.
    public enum Events: Sendable {
        /// Files written, moved in or out, created, deleted or changed in mode: any edit of a calendar folder.
        case edits
        /// Only files finished (closed after writing) or moved in: a file still being copied does not count.
        case finishedFiles

        var mask: UInt32 {
            switch self {
            case .edits: UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
            case .finishedFiles: UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
            }
        }
    }

    /// Watches a folder for `.ics` files written, moved in or out, created or deleted (a vdir).
    public convenience init(directory: String) throws(CalendarError) {
        try self.init(directories: [directory], matters: VdirWatcher.calendarItems)
    }

    /// Watches every folder in `directories` on one descriptor; a change counts when `events` has it and
    /// `matters(folder, name)`.
    public init(
        directories: [String], events: Events = .edits, matters: @escaping @Sendable (_ folder: String, _ name: String) -> Bool
    ) throws(CalendarError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw .unreadable(path: directories.first ?? "", reason: "inotify_init1: \(String(cString: strerror(errno)))")
        }
        let mask = events.mask
        var folders: [Int32: String] = [:]
        for directory in directories {
            let watch = inotify_add_watch(descriptor, directory, mask)
            guard watch >= 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .unreadable(path: directory, reason: "inotify_add_watch: \(reason)")
            }
            folders[watch] = directory
        }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0, wake.allSatisfy({ fcntl($0, F_SETFL, O_NONBLOCK) == 0 && fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: directories.first ?? "", reason: "pipe: \(reason)")
        }
        fd = descriptor
        wakeRead = wake[0]
        wakeWrite = wake[1]
        self.folders = folders
        self.matters = matters
    }

    deinit {
        close(fd)
        close(wakeRead)
        close(wakeWrite)
    }

    /// A vdir's items: `.ics` files that are not hidden (vdirsyncer and editors write hidden or `.tmp` files first).
    public static let calendarItems: @Sendable (String, String) -> Bool = { _, name in
        name.hasSuffix(".ics") && !name.hasPrefix(".")
    }

    /// What ended a wait.
    public enum Wake: Sendable, Equatable {
        /// Files that matter changed; `onlyMovedIn` when each of those events was a file moved in whole (a sync tool's
        /// rename), none a file written in place, removed or changed otherwise.
        case changed(onlyMovedIn: Bool)
        /// `wake()` was called, or the time ran out.
        case nothing
    }

    /// Waits until a file that matters changes (true) or `wake()` is called (false), at most `timeoutMilliseconds`
    /// (-1: no limit); drains the pending events. Blocks the calling thread: call it off the async pool.
    public func waitForChange(timeoutMilliseconds: Int32 = -1) -> Bool {
        waitForWake(timeoutMilliseconds: timeoutMilliseconds) != .nothing
    }

    /// Waits as `waitForChange` does, and says whether the change was only files moved in.
    public func waitForWake(timeoutMilliseconds: Int32 = -1) -> Wake {
        let deadline = timeoutMilliseconds < 0 ? nil : ContinuousClock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var remaining = timeoutMilliseconds
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline).components
                remaining = Int32(max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
            }
            var requests = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&requests, 2, remaining)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return .nothing }
            if requests[1].revents != 0 {
                while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
                return .nothing
            }
            let drained = drainEvents(into: &buffer)
            if drained.mattered { return .changed(onlyMovedIn: drained.onlyMovedIn) }
        }
    }

    /// Makes a thread in `waitForChange` return false now (or the next wait, when none is waiting).
    public func wake() {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up, so a failed write loses nothing.
        _ = write(wakeWrite, &byte, 1)
    }

    /// Reads every pending inotify event: `mattered` when one names a file that matters, or the queue overflowed
    /// (then anything may have changed); `onlyMovedIn` when every event that mattered was a file moved in.
    private func drainEvents(into buffer: inout [UInt8]) -> (mattered: Bool, onlyMovedIn: Bool) {
        var mattered = false
        var onlyMovedIn = true
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return (mattered, mattered && onlyMovedIn) }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        mattered = true
                        onlyMovedIn = false
                    } else if let folder = folders[watch], !name.isEmpty, matters(folder, name) {
                        mattered = true
                        if mask & UInt32(IN_MOVED_TO) == 0 { onlyMovedIn = false }
                    }
                    offset += header + length
                }
            }
        }
    }
}
