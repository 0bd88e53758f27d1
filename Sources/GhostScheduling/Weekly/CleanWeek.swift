/// The clean receipt of a week: abstract achievements and week dots, no numbers at all (no counts, no
/// dates, no biometrics), so it can be shared. Thresholds are documented in Docs/engine.md. The one digit it can
/// show is the seed's fixed milestone label "4 weeks strong", the same for every streak of four weeks or more.
public struct CleanWeek: Codable, Sendable, Equatable {
    /// The seed's words for a streak of `CleanWeekRules.streakWeeks` strong weeks or more: a milestone, never a count.
    public static let streakMilestone = "4 weeks strong"

    /// Achievement phrases, strongest first, e.g. "4 weeks strong", "Consistent", "On track", "Flowing".
    public let achievements: [String]
    /// One circle per day, Monday first: `●` done, `○` planned and not done, `·` nothing planned.
    public let dots: String

    /// The clean receipt of `receipt`.
    public init(_ receipt: WeeklyValueReceipt) {
        var achievements: [String] = []
        if receipt.strongWeeks >= CleanWeekRules.streakWeeks { achievements.append(Self.streakMilestone) }
        if receipt.completed + receipt.unplannedWorkouts >= CleanWeekRules.consistentWorkouts { achievements.append("Consistent") }
        if receipt.isOnTrack { achievements.append("On track") }
        if receipt.trustPhase >= .autoScheduler, receipt.scheduled >= CleanWeekRules.flowingBlocks { achievements.append("Flowing") }
        if achievements.isEmpty { achievements.append(receipt.strongWeeks >= 1 ? "A strong week" : "A week to build on") }
        self.achievements = achievements
        dots = String(receipt.dots.map { mark -> Character in
            switch mark {
            case "●": "●"
            case "○", "×": "○"
            default: "·"
            }
        })
    }

    /// One line: the achievements joined by " · ", two spaces, the dots.
    public var line: String {
        achievements.joined(separator: " · ") + "  " + dots
    }
}

/// The thresholds of the clean receipt's achievements, from the seed's mapping (12 workouts → "Consistent",
/// a 4-week streak → "4 weeks strong", 85 % completion → "On track", 3 auto-scheduled → "Flowing").
public enum CleanWeekRules {
    /// Strong weeks in a row for the milestone "4 weeks strong" (its words name this number).
    public static let streakWeeks = 4
    /// Workouts in the week (completed blocks and workouts on one's own) for "Consistent": the seed's 12 over four weeks.
    public static let consistentWorkouts = 3
    /// Share of the sessions asked for (of the blocks scheduled, in receipts made before) done for "On track".
    public static let onTrackShare = 0.85
    /// Blocks on the calendar in a phase where the Ghost writes them itself, for "Flowing".
    public static let flowingBlocks = 3
}
