import Foundation
import Synchronization

/// The first 4 KiB a `[notify] command` writes to stderr, for the log when it fails.
///
/// The program writes to one end of a Unix socket pair; vigord reads the other on a thread of its own with `poll`
/// and `recv`, keeping the first 4 KiB and discarding the rest, so a chatty program never blocks on a full pipe.
/// No dispatch source watches the descriptor: on Linux, libdispatch's epoll bookkeeping can free a watched
/// descriptor's note while its manager thread still reaches it when read sources (`FileHandle.readabilityHandler`)
/// are set up and torn down on several threads, and that crashes the whole process.
final class StderrTail: Sendable {
    /// The end the program writes; it closes with this object.
    let childEnd: FileHandle
    private let ownEnd: Int32
    /// Written once by `text()`: the reader drains what is already there and stops.
    private let stopRead: Int32
    private let stopWrite: Int32
    private let kept = Mutex(Data())
    private let finished = ChangeSignal()
    private static let limit = 4096

    init() throws(NotificationError) {
        var ends: [Int32] = [-1, -1]
        var stop: [Int32] = [-1, -1]
        guard Self.socketPair(&ends), Self.socketPair(&stop) else {
            let reason = String(cString: strerror(errno))
            for end in ends + stop where end >= 0 { close(end) }
            throw NotificationError("cannot make the program's error output: \(reason)")
        }
        ownEnd = ends[0]
        childEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        stopRead = stop[0]
        stopWrite = stop[1]
        Thread.detachNewThread { [self] in readUntilStopped() }
    }

    private static func socketPair(_ ends: inout [Int32]) -> Bool {
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    }

    deinit {
        close(ownEnd)
        close(stopRead)
        close(stopWrite)
    }

    /// What the program wrote so far, trimmed; stops the reader. Called once the program has ended (or is about to
    /// be killed): its output is already in the socket, so nothing it wrote before is lost.
    func text() async -> String {
        var one: UInt8 = 1
        _ = write(stopWrite, &one, 1)
        await finished.change(after: 0)
        return String(decoding: kept.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func readUntilStopped() {
        var watched = [pollfd(fd: ownEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        reading: while true {
            if poll(&watched, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            // Everything the program wrote before a stop is in the socket already: read it without waiting. Once 4 KiB
            // are kept, one chunk per poll: a child that never stops writing always leaves more, and the stop must
            // still be seen.
            draining: while true {
                switch receiveNow() {
                case .bytes: if isFull { break draining }
                case .end: break reading  // a broken socket (vigord holds the program's end until `text()`)
                case .nothingNow: break draining
                }
            }
            if watched[1].revents != 0 { break }
        }
        finished.changed()
    }

    private var isFull: Bool { kept.withLock { $0.count >= Self.limit } }

    private enum Received { case bytes, end, nothingNow }

    /// Reads one chunk without waiting, keeping what fits in the first 4 KiB (`.bytes` also after an interrupted call:
    /// read again).
    private func receiveNow() -> Received {
        var buffer = [UInt8](repeating: 0, count: Self.limit)
        let count = recv(ownEnd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 {
            kept.withLock { kept in
                if kept.count < Self.limit { kept.append(contentsOf: buffer[..<min(count, Self.limit - kept.count)]) }
            }
            return .bytes
        }
        if count == 0 { return .end }
        switch errno {
        case EINTR: return .bytes
        case EAGAIN, EWOULDBLOCK: return .nothingNow
        default: return .end  // a broken socket: what was read so far is what there is
        }
    }
}
