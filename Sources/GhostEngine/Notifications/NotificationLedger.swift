import CivilCalendar
import Foundation

/// What became of every message the Ghost wanted to say: the inbox. Kept by the daemon between runs.
public struct NotificationLedger: Codable, Sendable, Equatable {
    /// One message and its fate.
    public struct Entry: Codable, Sendable, Equatable {
        public enum State: String, Codable, Sendable {
            /// Waiting: not delivered yet, with `reason` saying why.
            case heldBack
            /// Shown as a notification on `day`.
            case delivered
            /// No longer wanted (answered, in the terminal or from the notification, or lapsed).
            case settled
        }

        public var message: GhostMessage
        public var state: State
        /// Why it is in this state, in the user's words ("held back: quiet hours until 07:00").
        public var reason: String
        /// When it was first wanted, and when its state last changed.
        public let firstSeen: Date
        public var decidedAt: Date
        /// The local day it was delivered on.
        public var deliveredOn: LocalDay?
        /// When it was delivered (nil in an inbox kept before vigord noted it).
        public var deliveredAt: Date?
    }

    /// Entries by message key, in the order they were first seen.
    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entry of `key`.
    public func entry(_ key: String) -> Entry? {
        entries.first { $0.message.key == key }
    }

    /// How many notifications went out on `day`.
    public func deliveries(on day: LocalDay) -> Int {
        entries.filter { $0.deliveredOn == day }.count
    }

    mutating func update(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.message.key == entry.message.key }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Replaces the reason of `key`'s entry (the daemon says where a delivery went, or why it failed).
    public mutating func note(_ key: String, reason: String) {
        guard var entry = entry(key) else { return }
        entry.reason = reason
        update(entry)
    }

    /// Forgets settled entries decided before `date`.
    public mutating func prune(before date: Date) {
        entries.removeAll { $0.state == .settled && $0.decidedAt < date }
    }
}
