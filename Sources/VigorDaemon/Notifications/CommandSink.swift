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
        let stdin = try StdinSocket()
        let stderr: StderrTail
        do {
            stderr = try StderrTail()
        } catch {
            stdin.send(Data())  // closes vigord's end
            throw error
        }
        let hook: HookProcess
        do {
            hook = try HookProcess(arguments: arguments, stdin: stdin.childEnd.fileDescriptor, stderr: stderr.childEnd.fileDescriptor)
        } catch {
            stdin.send(Data())
            _ = await stderr.text()
            throw error
        }
        // A program that does not read its input (or has exited already) still ran; its exit status tells.
        stdin.send(input)
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await hook.ended()
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
        let said = await stderr.text()
        // Killed, then waited for: SIGKILL always ends it. Whatever it left running in its process group goes too,
        // so no child outlives the notification.
        hook.killGroup()
        await hook.ended()
        let end = hook.reap()
        let command = arguments.joined(separator: " ")
        guard finished else {
            throw NotificationError("\(command) did not finish within \(timeout) and was killed")
        }
        switch end {
        case .exited(0): return
        case .exited(let status): throw NotificationError("\(command) exited with \(status): \(said)")
        case .signalled(let signal): throw NotificationError("\(command) was ended by signal \(signal): \(said)")
        case .unknown(let reason): throw NotificationError("\(command) ended, but how could not be read (\(reason)): \(said)")
        }
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
