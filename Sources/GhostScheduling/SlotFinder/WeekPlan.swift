import CivilCalendar
import GhostEngine

/// The plan for a horizon: one block per chosen day, and why each other day has none.
public struct WeekPlan: Codable, Sendable, Equatable {
    /// Chosen blocks in day order.
    public let blocks: [PlannedBlock]
    /// Days without a block and why, in day order.
    public let skippedDays: [SkippedDay]

    /// The block of `day`, if any (e.g. tomorrow's).
    public func block(on day: LocalDay) -> PlannedBlock? {
        blocks.first { $0.chosen.day == day }
    }
}

/// A day of the horizon that got no block.
public struct SkippedDay: Codable, Sendable, Equatable {
    /// The day.
    public let day: LocalDay
    /// Why.
    public let reason: DaySkipReason

    /// Creates a skipped day.
    public init(day: LocalDay, reason: DaySkipReason) {
        self.day = day
        self.reason = reason
    }
}
