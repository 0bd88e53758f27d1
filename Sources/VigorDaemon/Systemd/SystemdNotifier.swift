import CSystemd

/// Talks to the service manager through `sd_notify` (a no-op when NOTIFY_SOCKET is unset).
public struct SystemdNotifier: Sendable {
    public init() {}

    /// Sends `READY=1` with a status line.
    public func ready(status: String) { send(["READY=1", "STATUS=\(status)"]) }

    /// Sends a free-form `STATUS=` line, shown by `systemctl status`.
    public func status(_ text: String) { send(["STATUS=\(text)"]) }

    /// Sends `RELOADING=1`, then `READY=1` with the outcome.
    public func reloading() { send(["RELOADING=1"]) }

    /// Sends `STOPPING=1`.
    public func stopping() { send(["STOPPING=1", "STATUS=Stopping"]) }

    /// Sends `WATCHDOG=1`.
    public func watchdogPing() { send(["WATCHDOG=1"]) }

    /// The watchdog interval systemd asked for (WATCHDOG_USEC), or nil when it is off.
    public func watchdogInterval() -> Duration? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(clamping: microseconds))
    }

    private func send(_ assignments: [String]) {
        _ = sd_notify(0, assignments.joined(separator: "\n"))
    }
}
