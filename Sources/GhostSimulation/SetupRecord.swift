import GhostEngine

/// What `vigorctl setup`'s first plan showed the user, at the end of the install.
public struct SetupRecord: Codable, Sendable, Equatable {
    /// Local hour, on the evening before day 1, at which setup ended.
    public let hour: Int
    /// Days of the last 90 on which the calendars showed an event (`ReadableHistory`), told to the Observer.
    public let readableHistoryDays: Int
    /// Setup showed a first insight from the history (`HistoryReading.firstInsight`).
    public let insight: Bool
    /// The first planned day's block, proposed or written; nil: none (an Observer places nothing).
    public let block: ScheduledBlock.Status?
    /// The trust phase after the history was read.
    public let phase: TrustPhase
}
