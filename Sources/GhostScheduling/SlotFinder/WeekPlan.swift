import CivilCalendar
import GhostEngine

/// The plan for a horizon: one block per chosen day, why each other day has none, and how each training week it
/// touches stands against what the user asked.
public struct WeekPlan: Codable, Sendable, Equatable {
    /// Chosen blocks in day order.
    public let blocks: [PlannedBlock]
    /// Days without a block and why, in day order.
    public let skippedDays: [SkippedDay]
    /// The training weeks the horizon touches, in order.
    public let weeks: [WeekTally]

    /// Creates a plan.
    public init(blocks: [PlannedBlock], skippedDays: [SkippedDay], weeks: [WeekTally] = []) {
        self.blocks = blocks
        self.skippedDays = skippedDays
        self.weeks = weeks
    }

    /// The block of `day`, if any (e.g. tomorrow's).
    public func block(on day: LocalDay) -> PlannedBlock? {
        blocks.first { $0.chosen.day == day }
    }

    /// The training week that holds `day`, if the horizon touches it.
    public func week(of day: LocalDay) -> WeekTally? {
        weeks.last { $0.firstDay <= day }
    }
}

/// One training week against what the user asked: sessions done or already on the calendar, and those the plan adds.
public struct WeekTally: Codable, Sendable, Equatable {
    /// The week's first day.
    public let firstDay: LocalDay
    /// `sessionsPerWeek`.
    public let asked: Int
    /// Days of the week with a session done or already on the calendar.
    public let counted: Int
    /// Sessions the plan adds on the horizon's days of the week.
    public let chosen: Int

    /// Creates a tally.
    public init(firstDay: LocalDay, asked: Int, counted: Int, chosen: Int) {
        self.firstDay = firstDay
        self.asked = asked
        self.counted = counted
        self.chosen = chosen
    }

    /// Sessions the week still lacks after the plan: its days left have no room (busy, rest, travel, or too close to
    /// another session).
    public var missing: Int { max(0, asked - counted - chosen) }

    /// "This week has room for 3 of your 4 sessions." when the week falls short, else nil.
    public var shortfall: String? {
        missing > 0 ? "This week has room for \(asked - missing) of your \(asked) sessions." : nil
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
