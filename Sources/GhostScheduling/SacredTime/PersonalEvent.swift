import Foundation

/// A personal calendar event handed in by the calendar module; protected when recurring and in a
/// protected category.
public struct PersonalEvent: Codable, Sendable, Equatable {
    /// Start instant.
    public let start: Date
    /// End instant (exclusive).
    public let end: Date
    /// Category or source name, e.g. `family`.
    public let category: String
    /// True for a recurring event (one-off events are ordinary busy time).
    public let isRecurring: Bool

    /// Creates an event.
    public init(start: Date, end: Date, category: String, isRecurring: Bool) {
        self.start = start
        self.end = end
        self.category = category
        self.isRecurring = isRecurring
    }
}
