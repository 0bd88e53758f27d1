import Foundation
import GhostEngine
import Synchronization
import VigorRPC

/// `[notify] command`: runs the user's program once per notification with the message as one line of JSON on
/// stdin (ntfy, mail, a chat bot). It may run `timeout`; then it is killed. Its output is not kept, except the
/// first 4 KiB of stderr for the log when it fails.
struct CommandSink: NotificationSink {
    let arguments: [String]
    let timeout: Duration
    var name: String { "command" }

    /// What the program reads on stdin.
    struct Payload: Encodable {
        let key: String
        let kind: String
        let title: String
        let body: String
        let actions: [GhostMessage.Action]
        let alsoWaiting: Int
    }

    func deliver(_ message: GhostMessage, alsoWaiting: Int) async throws(NotificationError) {
        let input: Data
        do {
            input = try RPCCoding.makeEncoder().encode(Payload(
                key: message.key, kind: message.kind.rawValue, title: message.title, body: message.body,
                actions: message.actions, alsoWaiting: alsoWaiting)) + Data("\n".utf8)
        } catch {
            throw NotificationError("cannot encode the notification: \(error)")
        }
        try await run(input: input)
    }

    func withdraw(key: String) async {}

    private func run(input: Data) async throws(NotificationError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdin = try StdinSocket()
        let stderr = Pipe()
        process.standardInput = stdin.childEnd
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        let collected = StderrTail()
        stderr.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        let ended = ChangeSignal()
        process.terminationHandler = { _ in ended.changed() }
        do {
            try process.run()
        } catch {
            stdin.send(Data())
            throw NotificationError("cannot start \(arguments.joined(separator: " ")): \(error.localizedDescription)")
        }
        // A program that does not read its input (or has exited already) still ran; its exit status tells.
        stdin.send(input)
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await ended.change(after: 0)
                return !Task.isCancelled
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return false
                }
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        stderr.fileHandleForReading.readabilityHandler = nil
        guard finished else {
            // Killed, then waited for: SIGKILL always ends it, and no child outlives the notification.
            kill(process.processIdentifier, SIGKILL)
            await ended.change(after: 0)
            throw NotificationError("\(arguments.joined(separator: " ")) did not finish within \(timeout) and was killed")
        }
        if process.terminationStatus != 0 {
            throw NotificationError("\(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(collected.text)")
        }
    }
}

/// The first 4 KiB a program wrote to stderr.
private final class StderrTail: Sendable {
    private let data = Mutex(Data())

    func append(_ chunk: Data) {
        data.withLock { data in
            if data.count < 4096 { data.append(chunk.prefix(4096 - data.count)) }
        }
    }

    var text: String {
        String(decoding: data.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The program's stdin as one end of a Unix socket pair rather than a pipe: writing to a program that exited
/// without reading then fails with EPIPE instead of raising SIGPIPE, which would end vigord.
private final class StdinSocket: Sendable {
    /// The end the program reads.
    let childEnd: FileHandle
    private let ownEnd: Int32

    init() throws(NotificationError) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw NotificationError("cannot make the program's input: \(String(cString: strerror(errno)))")
        }
        ownEnd = ends[0]
        childEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }

    /// Sends what fits without waiting (a notification is a few hundred bytes) and closes vigord's end, so the
    /// program reads the end of its input. Called exactly once; the program's end closes with this object.
    func send(_ data: Data) {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let result = Glibc.send(ownEnd, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if result > 0 { sent += result } else if result < 0 && errno == EINTR { continue } else { break }
            }
        }
        shutdown(ownEnd, Int32(SHUT_WR))
        close(ownEnd)
    }
}
