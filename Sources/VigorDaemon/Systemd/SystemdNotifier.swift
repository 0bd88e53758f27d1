import CSystemd
import Dispatch
import Synchronization

/// Talks to the service manager through `sd_notify` (a no-op when NOTIFY_SOCKET is unset). `sd_notify` blocks while
/// the manager's queue is full, so nothing is sent on the caller's thread: messages go out in order from one thread of
/// their own, and `STATUS=` lines still waiting are replaced by the newest (a request never waits for systemd).
public struct SystemdNotifier: Sendable {
    public init() {}

    /// Sends `READY=1` with a status line.
    public func ready(status: String) { Self.outbox.post(["READY=1", "STATUS=\(status)"]) }

    /// Sends a free-form `STATUS=` line, shown by `systemctl status`.
    public func status(_ text: String) { Self.outbox.post(["STATUS=\(text)"], replaceable: true) }

    /// Sends `RELOADING=1`, then `READY=1` with the outcome.
    public func reloading() { Self.outbox.post(["RELOADING=1"]) }

    /// Sends `STOPPING=1`, after everything posted before it.
    public func stopping() { Self.outbox.post(["STOPPING=1", "STATUS=Stopping"]) }

    /// Sends `WATCHDOG=1`.
    public func watchdogPing() { Self.outbox.post(["WATCHDOG=1"]) }

    /// Returns once every message posted so far was handed to `sd_notify` (before the process exits).
    public func flush() { Self.outbox.flush() }

    /// The watchdog interval systemd asked for (WATCHDOG_USEC), or nil when it is off.
    public func watchdogInterval() -> Duration? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(clamping: microseconds))
    }

    /// One per process, as NOTIFY_SOCKET is.
    private static let outbox = NotifyOutbox()
}

/// The messages waiting for the service manager, sent one after another on a serial queue.
final class NotifyOutbox: Sendable {
    private struct Message {
        var lines: [String]
        var replaceable: Bool
    }

    private struct State {
        var waiting: [Message] = []
        /// True while the queue's thread sends (it takes each message out before it sends it).
        var draining = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "vigord.sd-notify")

    /// Messages waiting from which on a newer status line replaces the one waiting at the end: the manager is not
    /// reading. Below it every status line is sent, in order.
    static let backlog = 16

    /// Queues `lines` as one message; once `backlog` messages wait, a `replaceable` one replaces a replaceable message
    /// still waiting at the end.
    func post(_ lines: [String], replaceable: Bool = false) {
        let start = state.withLock { state in
            if replaceable, state.waiting.count >= Self.backlog, let last = state.waiting.last, last.replaceable {
                state.waiting[state.waiting.count - 1] = Message(lines: lines, replaceable: true)
            } else {
                state.waiting.append(Message(lines: lines, replaceable: replaceable))
            }
            defer { state.draining = true }
            return !state.draining
        }
        if start { queue.async { self.drain() } }
    }

    /// Waits for the messages posted so far.
    func flush() {
        queue.sync {}
        // A drain scheduled before this call has run; one that posts raced with may still hold messages.
        if state.withLock({ $0.draining }) { queue.sync {} }
    }

    private func drain() {
        while true {
            let next = state.withLock { state -> Message? in
                guard !state.waiting.isEmpty else {
                    state.draining = false
                    return nil
                }
                return state.waiting.removeFirst()
            }
            guard let next else { return }
            _ = sd_notify(0, next.lines.joined(separator: "\n"))
        }
    }
}
