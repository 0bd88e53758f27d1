import CivilCalendar
import Foundation
import GhostEngine

/// The Sunday-evening summary of one local week (Monday to Sunday): what the Ghost planned and what
/// became of it, the planning time it saved, the patterns it found and how trust moved.
public struct WeeklyValueReceipt: Codable, Sendable, Equatable {
    /// Monday of the week.
    public let weekStart: LocalDay
    /// Blocks that were on the calendar (written by the Ghost or accepted).
    public let scheduled: Int
    public let completed: Int
    public let missed: Int
    /// Blocks the user deleted (or the Ghost removed).
    public let removed: Int
    /// Blocks moved (by the user or the Ghost).
    public let moved: Int
    /// Blocks the Ghost changed or removed on its own (morning rules).
    public let transformed: Int
    /// Workouts outside any block.
    public let unplannedWorkouts: Int
    /// Estimated minutes of planning the user did not spend (see `WeeklyRules`).
    public let planningMinutesSaved: Int
    /// Plain sentences: best window, slots learned as sacred.
    public let patterns: [String]
    /// Trust score now and its change since the previous receipt (nil for the first).
    public let trustScore: Double
    public let trustChange: Double?
    public let trustPhase: TrustPhase
    /// One mark per day, Monday first: `●` a workout (a completed block or one on one's own), `○` missed, `×` removed, `·` nothing planned.
    public let dots: String
    /// Consecutive strong weeks ending with this one (`isStrong`).
    public let strongWeeks: Int
    /// Sessions the user asked for that week (`sessions_per_week`); nil in receipts made before the week was judged
    /// against it, which are judged against the blocks scheduled.
    public let asked: Int?
    /// At Scheduler, when the week had more workouts than the plan asked: the suggestion to plan as many.
    public let suggestion: PlanFollowing.Suggestion?
    /// True for a week that began before vigord was set up (what it shows came partly from imported history): shown,
    /// never counted in the streak. Nil in receipts made before this was kept.
    public let beforeGhost: Bool?

    /// Creates a receipt; normally made by `WeeklyValueReceiptBuilder`.
    public init(
        weekStart: LocalDay, scheduled: Int, completed: Int, missed: Int, removed: Int, moved: Int, transformed: Int,
        unplannedWorkouts: Int, planningMinutesSaved: Int, patterns: [String], trustScore: Double, trustChange: Double?,
        trustPhase: TrustPhase, dots: String, strongWeeks: Int, asked: Int? = nil, suggestion: PlanFollowing.Suggestion? = nil,
        beforeGhost: Bool? = nil
    ) {
        self.weekStart = weekStart
        self.scheduled = scheduled
        self.completed = completed
        self.missed = missed
        self.removed = removed
        self.moved = moved
        self.transformed = transformed
        self.unplannedWorkouts = unplannedWorkouts
        self.planningMinutesSaved = planningMinutesSaved
        self.patterns = patterns
        self.trustScore = trustScore
        self.trustChange = trustChange
        self.trustPhase = trustPhase
        self.dots = dots
        self.strongWeeks = strongWeeks
        self.asked = asked
        self.suggestion = suggestion
        self.beforeGhost = beforeGhost
    }

    /// True for a week that began before vigord was set up.
    public var isBeforeGhost: Bool { beforeGhost == true }

    /// The clean line: achievements and week dots, no numbers at all, e.g. "4 weeks strong · On track  ●●·○●··".
    public var clean: String { CleanWeek(self).line }

    /// Workouts done that week: blocks completed and workouts on one's own.
    public var done: Int { completed + unplannedWorkouts }

    /// What the week is judged against: the sessions asked for, or (older receipts) the blocks scheduled.
    public var target: Int { asked ?? scheduled }

    /// True when the week counts towards a streak: at least two thirds of the target done, at least one.
    public var isStrong: Bool {
        Self.isStrong(done: asked == nil ? completed : done, target: target)
    }

    /// True when the week is "On track": `CleanWeekRules.onTrackShare` of the target done.
    public var isOnTrack: Bool {
        target > 0 && Double(asked == nil ? completed : done) >= Double(target) * CleanWeekRules.onTrackShare
    }

    static func isStrong(done: Int, target: Int) -> Bool {
        target > 0 && done > 0 && Double(done) >= Double(target) * 2 / 3
    }
}

/// The estimates behind `planningMinutesSaved`, documented in Docs/engine.md.
public struct WeeklyRules: Codable, Sendable, Equatable {
    /// Minutes a person spends finding a training slot across their calendars.
    public var minutesPerPlacedBlock = 10
    /// Minutes a person spends rearranging a session after a conflict or a bad night.
    public var minutesPerAdjustment = 5
    public init() {}
}

/// Builds the weekly receipt from the Ghost's ledger and the week's decision receipts.
public enum WeeklyValueReceiptBuilder {
    /// `receipts` may span more than the week; only the week's count. `previous` is last week's receipt, if any;
    /// `asked` the sessions the plan asked for (`sessions_per_week`, as the plan follows the user's training), which the
    /// week is judged against; `suggest` makes the suggestion to plan as many as were done, from the week's count.
    /// `beforeGhost`: the week began before vigord was set up; its receipt says so and is never counted in the streak
    /// (the Ghost's first whole week starts it).
    public static func build(
        week weekStart: LocalDay, ghost: Ghost, receipts: [DecisionReceipt], previous: WeeklyValueReceipt?,
        asked: Int? = nil, beforeGhost: Bool = false, rules: WeeklyRules = WeeklyRules(), patternRules: PatternRules = PatternRules(),
        suggest: (Int) -> PlanFollowing.Suggestion? = { _ in nil }
    ) throws(EngineError) -> WeeklyValueReceipt {
        let days = (0..<7).map { weekStart.adding(days: $0) }
        let from = try ghost.calendar.startOfDay(weekStart)
        let to = try ghost.calendar.startOfDay(weekStart.adding(days: 7))
        let ofWeek = ghost.blocks.filter { days.contains($0.day) && $0.status != .proposed && $0.status != .declined }
        let weekReceipts = receipts.filter { $0.at >= from && $0.at < to }
        let count = { (action: DecisionAction) in weekReceipts.filter { $0.action == action }.count }
        let placed = ofWeek.filter { [.scheduled, .completed, .missed, .removed].contains($0.status) }
        let transformed = count(.transformed) + count(.removed)
        let moved = count(.moved)
        let dots = String(days.map { day -> Character in
            let blocks = ofWeek.filter { $0.day == day }
            if blocks.contains(where: { $0.status == .completed }) || ghost.unplannedWorkoutDays.contains(day) { return "●" }
            if blocks.contains(where: { $0.status == .missed }) { return "○" }
            if blocks.contains(where: { $0.status == .removed }) { return "×" }
            return "·"
        })
        let history = SessionOutcome.history(of: ghost)
        var patterns: [String] = []
        if let best = OptimalWindows.rank(history, rules: patternRules).first, best.sessions >= 3 {
            patterns.append("You finish \(best.completed) of \(best.sessions) sessions at \(best.slot.label(minute: 0)): your best window.")
        }
        if !ghost.triage.sacredSlots.isEmpty {
            patterns.append("Never again: \(ghost.triage.sacredSlots.map { $0.label(minute: 0) }.joined(separator: ", ")) (learned from you).")
        }
        let completed = ofWeek.filter { $0.status == .completed }.count
        let scheduledCount = placed.count
        let unplanned = ghost.unplannedWorkoutDays.filter { days.contains($0) }.count
        let strong = asked.map { WeeklyValueReceipt.isStrong(done: completed + unplanned, target: $0) }
            ?? WeeklyValueReceipt.isStrong(done: completed, target: scheduledCount)
        return WeeklyValueReceipt(
            weekStart: weekStart, scheduled: scheduledCount, completed: completed,
            missed: ofWeek.filter { $0.status == .missed }.count, removed: ofWeek.filter { $0.status == .removed }.count,
            moved: moved, transformed: transformed,
            unplannedWorkouts: unplanned,
            planningMinutesSaved: placed.count * rules.minutesPerPlacedBlock + (moved + transformed) * rules.minutesPerAdjustment,
            patterns: patterns, trustScore: ghost.trust.score, trustChange: previous.map { ghost.trust.score - $0.trustScore },
            trustPhase: ghost.trust.phase, dots: dots,
            strongWeeks: strong && !beforeGhost ? (previous.map { $0.weekStart == weekStart.adding(days: -7) ? $0.strongWeeks : 0 } ?? 0) + 1 : 0,
            asked: asked, suggestion: suggest(completed + unplanned), beforeGhost: beforeGhost ? true : nil)
    }
}
