import GhostEngine

/// Why a notification did not reach its destination.
public struct NotificationError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A place notifications go: the desktop, or a program the user named.
protocol NotificationSink: Sendable {
    /// Shown in logs ("desktop", "command").
    var name: String { get }
    /// Shows `message`; `alsoWaiting` more are in the inbox.
    func deliver(_ message: GhostMessage, alsoWaiting: Int) async throws(NotificationError)
    /// Takes the notification of `key` down, if this sink can.
    func withdraw(key: String) async
}
