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
    /// Of `counted`, the days with a session done.
    public let done: Int
    /// Of `counted`, the days with a session missed (not placed again); the rest are on the calendar.
    public let missed: Int

    /// Creates a tally.
    public init(firstDay: LocalDay, asked: Int, counted: Int, chosen: Int, done: Int = 0, missed: Int = 0) {
        self.firstDay = firstDay
        self.asked = asked
        self.counted = counted
        self.chosen = chosen
        self.done = done
        self.missed = missed
    }

    private enum CodingKeys: String, CodingKey {
        case firstDay, asked, counted, chosen, done, missed
    }

    /// Reads a tally; one written before `done` and `missed` were kept counts neither.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            firstDay: try keys.decode(LocalDay.self, forKey: .firstDay), asked: try keys.decode(Int.self, forKey: .asked),
            counted: try keys.decode(Int.self, forKey: .counted), chosen: try keys.decode(Int.self, forKey: .chosen),
            done: try keys.decodeIfPresent(Int.self, forKey: .done) ?? 0, missed: try keys.decodeIfPresent(Int.self, forKey: .missed) ?? 0)
    }

    /// Of `counted`, the days with a session on the calendar.
    public var onCalendar: Int { max(0, counted - done - missed) }

    /// Why a day of a full week gets no session, with the counts that decided it: "This week already has its 4
    /// sessions: 1 done and 3 planned on other days." Only what is there is named; a week whose sessions were all
    /// missed says so ("This week's sessions have passed without a workout: 3 missed."), as a stepped-back week may
    /// count more misses than it now asks.
    public var fullSentence: String {
        let parts = [(done, "done"), (missed, "missed"), (onCalendar, "on your calendar"),
                     (chosen, chosen == 1 ? "planned on another day" : "planned on other days")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        guard !parts.isEmpty else { return DayWithoutBlock.weekFull.sentence }
        if missed > 0, done + onCalendar + chosen == 0 {
            return "This week's sessions have passed without a workout: \(missed) missed."
        }
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1] : parts.joined()
        return "This week already has its \(asked) session\(asked == 1 ? "" : "s"): \(list)."
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
