import CivilCalendar
import Foundation
import GhostEngine

/// How the plan follows the user's own training (`OwnTraining`), within what they set. Pure: the week picture applies
/// it for the daemon and the simulator alike.
///
/// - **Sessions a week.** At Scheduler the plan asks for `sessions_per_week`, or the number the user agreed to in the
///   weekly receipt (`AgreedSessions`). From Auto-Scheduler up it follows on its own: the number of workouts the user
///   reached in at least two of their last `ownTrainingWeeks` complete weeks, when that is more. Never more than
///   `sessions_per_week_max`.
/// - **Stepping back.** When all but one of a week's sessions (at least `missedBeforeSteppingBack`) passed in a row without
///   a workout and the user has not trained since (in a block or on their own), the plan asks for one session a week
///   until they train again: a week the user is not making gets one session on their calendar, not several to miss.
///   Sessions a Scheduler accepted with the week are kept: the plan steps back after the last of them.
/// - **Hours.** When at least `ownHoursMinimumWorkouts` of the workouts on one's own of the last
///   `ownHoursLookbackDays` days start within an hour of their median start, the window from the quarter hour of that
///   median, a session and `ownHoursMarginMinutes` long, becomes the user's own hours: the slot finder prefers them, and a
///   configured preferred window outside them pulls less (`SlotRules.configuredBesideOwnHours`).
public enum PlanFollowing {
    /// What the plan follows.
    public struct Adjustment: Sendable, Equatable {
        /// Sessions a week the plan asks for.
        public var sessionsPerWeek: Int
        /// `sessions_per_week`.
        public var asked: Int
        /// Why the plan asks for other than `asked`; nil when it asks for `asked`.
        public var sessionsReason: SessionsReason?
        /// The user's own hours; nil when their workouts on their own do not show them.
        public var ownHours: OwnHours?

        public init(sessionsPerWeek: Int, asked: Int, sessionsReason: SessionsReason?, ownHours: OwnHours?) {
            self.sessionsPerWeek = sessionsPerWeek
            self.asked = asked
            self.sessionsReason = sessionsReason
            self.ownHours = ownHours
        }

        /// The sessions a week the plan keeps for a week the user trains in: `sessionsPerWeek`, or while the plan steps
        /// back, the count it goes back to. A week past is judged against it.
        public var promisedSessions: Int {
            if case .steppedBack(_, let from)? = sessionsReason { return from }
            return sessionsPerWeek
        }

        /// True when the plan asks for one session a week because the user's sessions passed without a workout.
        public var steppedBack: Bool {
            if case .steppedBack? = sessionsReason { return true }
            return false
        }

        /// True when `slot` lies wholly inside the user's own hours.
        public func inOwnHours(_ slot: ScoredSlot) -> Bool {
            guard let window = ownHours?.window else { return false }
            let minutes = Int(slot.end.timeIntervalSince(slot.start) / 60)
            return window.from <= slot.localStart && slot.localStart.minuteOfDay + minutes <= window.to.minuteOfDay
        }

        /// What a placement's receipt keeps of the plan's following: the sessions it asks for and why, the user's own
        /// hours and whether `slot` lies in them.
        public func receiptInputs(_ slot: ScoredSlot) -> [ReceiptInput] {
            var inputs: [ReceiptInput] = []
            if sessionsReason != nil, let sentence = sentences.first {
                inputs.append(ReceiptInput(PlanFollowing.plannedSessionsInput, sentence))
            }
            if let ownHours {
                inputs.append(ReceiptInput(PlanFollowing.ownHoursInput, ownHours.sentence))
                inputs.append(ReceiptInput(PlanFollowing.inOwnHoursInput, inOwnHours(slot) ? "yes" : "no"))
            }
            return inputs
        }

        /// The sentences `why` and the evening's notes say: what the plan follows, and the evidence.
        public var sentences: [String] {
            var said: [String] = []
            switch sessionsReason {
            case .agreed(let agreement)?:
                said.append("I plan \(sessionsPerWeek) sessions a week, not \(asked), because you agreed to \(agreement.count) in a weekly receipt.")
            case .followed(let counts)?:
                said.append("I plan \(sessionsPerWeek) sessions a week, not \(asked), because you trained "
                    + counts.map(String.init).joined(separator: ", ") + " times in your last \(counts.count) weeks.")
            case .steppedBack(let missed, let from)?:
                said.append("I plan \(sessionsPerWeek) session a week, not \(from), because the last \(missed) sessions on your "
                    + "calendar passed without a workout and you have not trained since. It goes back to \(from) once you train.")
            case nil:
                break
            }
            if let ownHours { said.append(ownHours.sentence) }
            return said
        }
    }

    /// Receipt input names: what the plan followed, read by `DecisionExplanation`.
    public static let plannedSessionsInput = "plannedSessions"
    public static let ownHoursInput = "ownHours"
    public static let inOwnHoursInput = "inOwnHours"

    /// Why the plan asks for other than `sessions_per_week`.
    public enum SessionsReason: Sendable, Equatable {
        /// The user agreed in a weekly receipt.
        case agreed(AgreedSessions)
        /// From Auto-Scheduler up: the weekly counts it followed, newest first.
        case followed([Int])
        /// `missed` Ghost sessions in a row passed without a workout and none came since: one session a week, `from`
        /// again once the user trains.
        case steppedBack(missed: Int, from: Int)
    }

    /// The user's own hours and the workouts that show them.
    public struct OwnHours: Sendable, Equatable {
        /// The window the slot finder prefers.
        public var window: TimeWindow
        /// The median start of the workouts on one's own.
        public var around: TimeOfDay
        /// Workouts within an hour of `around`, of `of` read.
        public var near: Int
        public var of: Int

        /// "You trained on your own around 18:15 (6 of your last 8 workouts on your own started within an hour of it), so I
        /// prefer 17:45-19:30."
        public var sentence: String {
            "You trained on your own around \(around) (\(near) of your last \(of) workouts on your own started within an hour "
                + "of it), so I prefer \(window.from)–\(window.to)."
        }
    }

    /// The weekly receipt's suggestion to a Scheduler who trained more than the plan asked: "You trained 5 times this
    /// week; plan 5?", answered by `vigorctl plan --sessions 5` (`AgreedSessions`).
    public struct Suggestion: Codable, Sendable, Equatable {
        /// Workouts the week had.
        public var done: Int
        /// Sessions a week suggested.
        public var sessions: Int

        public init(done: Int, sessions: Int) {
            self.done = done
            self.sessions = sessions
        }

        /// "You trained 5 times this week; plan 5?"
        public var sentence: String {
            "You trained \(done) times this week; plan \(sessions)?"
        }
    }

    /// The suggestion for a week with `done` workouts, when the Ghost is a Scheduler and the plan asked for fewer: the
    /// count reached in two of the weeks `earlier` (the weeks before, newest first) and this one, up to `done` and
    /// `sessions_per_week_max` (one busy week is not a habit). Nil otherwise (from Auto-Scheduler up the plan follows
    /// without asking; an Observer plans nothing).
    public static func suggestion(
        done: Int, earlier: [Int], phase: TrustPhase, planned: Adjustment, settings: TrainingSettings
    ) -> Suggestion? {
        let most = mostSessions(settings)
        let sessions = min(done, most, reachedTwice([done] + earlier) ?? 0)
        guard phase == .scheduler, sessions > planned.promisedSessions else { return nil }
        return Suggestion(done: done, sessions: sessions)
    }

    /// The plan of `settings` for `ghost` on `today`, with a Scheduler's agreement (the week picture's, and the weekly
    /// receipt's).
    public static func adjust(
        _ settings: PlanningSettings, ghost: Ghost, today: LocalDay, agreed: AgreedSessions?, acceptedAhead: Bool = false
    ) -> Adjustment {
        adjust(
            settings.training, phase: ghost.trust.phase, own: own(settings, ghost: ghost, today: today), agreed: agreed,
            rules: settings.rules.patterns, acceptedAhead: acceptedAhead)
    }

    /// The user's own training as `settings` read it on `today`.
    public static func own(_ settings: PlanningSettings, ghost: Ghost, today: LocalDay) -> OwnTraining {
        OwnTraining.read(
            ghost, today: today, firstWeekday: settings.training.firstWeekday, weeks: settings.rules.patterns.ownTrainingWeeks,
            lookbackDays: settings.rules.patterns.ownHoursLookbackDays)
    }

    /// The weekly receipt's suggestion on `today` (the last day of the Monday–Sunday week it sums up), for a week with
    /// `done` workouts: the weeks before it read as `OwnTraining` reads them.
    public static func suggestion(
        _ settings: PlanningSettings, ghost: Ghost, today: LocalDay, done: Int, planned: Adjustment
    ) -> Suggestion? {
        let earlier = own(settings, ghost: ghost, today: today.adding(days: -7)).weeklyCounts
        return suggestion(done: done, earlier: earlier, phase: ghost.trust.phase, planned: planned, settings: settings.training)
    }

    /// The plan for `settings` (what the user set) in `phase`, given their own training and a Scheduler's agreement;
    /// `acceptedAhead`: sessions the user accepted with the week lie ahead, so the plan does not step back before them.
    public static func adjust(
        _ settings: TrainingSettings, phase: TrustPhase, own: OwnTraining, agreed: AgreedSessions?, rules: PatternRules,
        acceptedAhead: Bool = false
    ) -> Adjustment {
        let asked = settings.sessionsPerWeek
        let most = mostSessions(settings)
        var count = asked
        var reason: SessionsReason?
        if let agreed, agreed.asked == asked, agreed.count > asked {
            count = min(most, agreed.count)
            reason = .agreed(agreed)
        }
        if phase >= .autoScheduler, let reached = reachedTwice(own.weeklyCounts), reached > count, min(most, reached) > count {
            count = min(most, reached)
            reason = .followed(own.weeklyCounts)
        }
        if count <= asked { reason = nil }
        if rules.missedBeforeSteppingBack > 0, count > 1, !acceptedAhead, own.missedSinceTraining >= max(rules.missedBeforeSteppingBack, count - 1) {
            reason = .steppedBack(missed: own.missedSinceTraining, from: count)
            count = 1
        }
        return Adjustment(
            sessionsPerWeek: count, asked: asked, sessionsReason: reason,
            ownHours: ownHours(own.onOwn, settings: settings, rules: rules))
    }

    /// The most sessions a week the plan grows to: `sessions_per_week_max`, never below `sessions_per_week`.
    public static func mostSessions(_ settings: TrainingSettings) -> Int {
        max(settings.sessionsPerWeek, settings.sessionsPerWeekMax)
    }

    /// The number of workouts reached in at least two of the weeks (the second highest count); nil with fewer than two.
    static func reachedTwice(_ counts: [Int]) -> Int? {
        guard counts.count >= 2 else { return nil }
        return counts.sorted(by: >)[1]
    }

    /// The window around the median start of `workouts`, when enough of them start within an hour of it; nil otherwise,
    /// or when it lies inside a configured preferred window already (nothing to follow).
    static func ownHours(_ workouts: [OwnTraining.Workout], settings: TrainingSettings, rules: PatternRules) -> OwnHours? {
        guard rules.ownHoursMinimumWorkouts > 0, workouts.count >= rules.ownHoursMinimumWorkouts else { return nil }
        let starts = workouts.map(\.start.minuteOfDay).sorted()
        let median = starts[(starts.count - 1) / 2]
        let near = starts.filter { abs($0 - median) <= 60 }.count
        guard near >= rules.ownHoursMinimumWorkouts else { return nil }
        let earliest = settings.earliest.minuteOfDay
        let latest = settings.latest.minuteOfDay
        var from = max(earliest, median / 15 * 15)
        var to = min(latest, from + settings.durationMinutes + rules.ownHoursMarginMinutes)
        if to - from < settings.durationMinutes { from = max(earliest, to - settings.durationMinutes) }
        to = min(latest, max(to, from + settings.durationMinutes))
        guard to - from >= settings.durationMinutes else { return nil }
        let window = TimeWindow(from: TimeOfDay(hour: from / 60, minute: from % 60), to: TimeOfDay(hour: to / 60, minute: to % 60))
        guard !settings.preferredWindows.contains(where: { $0.from <= window.from && window.to <= $0.to }) else { return nil }
        return OwnHours(window: window, around: TimeOfDay(hour: median / 60, minute: median % 60), near: near, of: workouts.count)
    }
}
