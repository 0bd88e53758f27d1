import Foundation
import GhostEngine

/// The seed's success metrics over a population, each against its target, with the trust phase per day.
public struct PopulationReport: Codable, Sendable, Equatable {
    public let users: Int
    public let days: Int
    public let seed: UInt64
    /// The seven metrics, in the seed's order.
    public let metrics: [MetricResult]
    /// Measured beside them: the share of judged training weeks that got the sessions asked (`WeekPromise`).
    public let beside: [MetricResult]
    /// Interactions per week of use by command (mean over users, as `interactionsPerWeek`), for `--json`.
    public let interactionsByCommand: [String: Double]
    /// For each phase, how many users reached it (or a higher one) and the median first day they did.
    public let phases: [PhaseReach]
    /// `phaseCounts[d][p]`: users in phase `p` (TrustPhase order, Observer first) at the end of day `d + 1`.
    public let phaseCounts: [[Int]]

    /// The behaviour model the users were drawn with; nil: none (scripted attendance).
    public var model: String?

    /// Computes the report from each user's outcome, each metric with its 95 % interval over users
    /// (`PopulationReport.bootstrap`, seeded by `seed`).
    public init(outcomes: [UserOutcome], days: Int, seed: UInt64, model: String? = nil) {
        users = outcomes.count
        self.days = days
        self.seed = seed
        self.model = model
        let measured = Self.measure(outcomes, days: days)
        let intervals = Self.bootstrap(outcomes, days: days, seed: seed)
        metrics = measured.metrics.map { $0.with(intervals[$0.key]) }
        beside = measured.beside.map { $0.with(intervals[$0.key]) }
        let commands = Set(outcomes.flatMap(\.interactionsByCommand.keys))
        interactionsByCommand = Dictionary(uniqueKeysWithValues: commands.map { command in
            (command, outcomes.reduce(0) { $0 + Double($1.interactionsByCommand[command] ?? 0) * 7 / Double(max($1.daysUsed, 1)) }
                / Double(max(outcomes.count, 1)))
        })
        phases = TrustPhase.allCases.map { phase in
            let firstDays = outcomes.compactMap { outcome in outcome.phases.firstIndex { $0 >= phase }.map { $0 + 1 } }
            return PhaseReach(phase: phase, reached: firstDays.count, medianDay: Self.median(firstDays.map(Double.init)))
        }
        phaseCounts = (0..<days).map { day in
            TrustPhase.allCases.map { phase in outcomes.filter { day < $0.phases.count && $0.phases[day] == phase }.count }
        }
    }

    /// The metrics and the measures beside them over `outcomes`, without intervals.
    static func measure(_ outcomes: [UserOutcome], days: Int) -> (metrics: [MetricResult], beside: [MetricResult]) {
        let workouts = outcomes.reduce(0) { $0 + $1.workouts }
        let firstMagic = outcomes.compactMap(\.minutesToFirstMagic)
        let firstDesktop = outcomes.compactMap(\.minutesToFirstDesktopProposal)
        let onDay30 = days >= 30 ? outcomes.filter { $0.daysUsed >= 30 }.map { $0.phases[29] } : []
        let metrics = [
            MetricResult(
                key: "timeToFirstMagic", name: "time to first magic (median: install to first insight or proposal)", unit: "minutes",
                over: Self.allUsers, value: Self.median(firstMagic), target: 5, targetIsMaximum: true,
                note: "\(outcomes.count - firstMagic.count) user(s) never saw one"),
            MetricResult(
                key: "interactionsPerWeek", name: "interactions per week of use (mean: every command or click)", unit: "per week",
                over: Self.whileUsing,
                value: outcomes.isEmpty ? nil : outcomes.reduce(0) { $0 + Double($1.interactions) * 7 / Double(max($1.daysUsed, 1)) } / Double(outcomes.count),
                target: 3, targetIsMaximum: true, note: nil),
            MetricResult(
                key: "proactiveShare", name: "proactive share (workouts done in a Ghost block)", unit: "share", over: Self.whileUsing,
                value: Self.share(outcomes.reduce(0) { $0 + $1.proactive }, of: workouts), target: 0.6, targetIsMaximum: false,
                note: "\(workouts) workouts"),
            MetricResult(
                key: "zeroInputShare", name: "zero-input share (workouts counted with no command or click)", unit: "share", over: Self.whileUsing,
                value: Self.share(outcomes.reduce(0) { $0 + $1.zeroInput }, of: workouts), target: 0.4, targetIsMaximum: false,
                note: nil),
            MetricResult(
                key: "autoSchedulerOnDay30", name: "share at Auto-Scheduler or higher on day 30", unit: "share", over: "users still using vigord on day 30",
                value: Self.share(onDay30.filter { $0 >= .autoScheduler }.count, of: onDay30.count), target: 0.3,
                targetIsMaximum: false, note: days >= 30 ? nil : "the run is shorter than 30 days"),
            MetricResult(
                key: "leftHealthyShare", name: "share that spent time outside healthy ghost health", unit: "share", over: Self.whileUsing,
                value: Self.share(outcomes.filter(\.leftHealthy).count, of: outcomes.count), target: 0.05, targetIsMaximum: true,
                note: "read at each day's end"),
            MetricResult(
                key: "retention30", name: "30-day retention (still using vigord after day 30)", unit: "share", over: Self.allUsers,
                value: days >= 30 ? Self.share(outcomes.filter { $0.stays(past: 30) }.count, of: outcomes.count) : nil, target: 0.5,
                targetIsMaximum: false,
                note: days >= 30 ? Self.departures(outcomes) : "the run is shorter than 30 days"),
        ]
        let judged = outcomes.reduce(0) { $0 + $1.weeks.judged }
        let beside = [
            MetricResult(
                key: "timeToFirstDesktopProposal", name: "time to first proposal on the desktop (median, from install)",
                unit: "minutes", over: Self.allUsers, value: Self.median(firstDesktop), target: 5, targetIsMaximum: true,
                note: "\(outcomes.count - firstDesktop.count) user(s) never got one"),
            MetricResult(
                key: "weekPromiseShare", name: "weeks that got the sessions asked (free time allowing)", unit: "share", over: Self.whileUsing,
                value: Self.share(outcomes.reduce(0) { $0 + $1.weeks.kept }, of: judged), target: 1, targetIsMaximum: false,
                note: "\(judged) user-weeks judged; \(outcomes.reduce(0) { $0 + $1.weeks.over }) with more than asked; "
                    + "\(outcomes.reduce(0) { $0 + $1.weeks.steppedBack }) not judged: the plan stepped back", reachesTarget: true),
        ]
        return (metrics, beside)
    }

    static let allUsers = "all users", whileUsing = "all users, while using vigord"

    /// Who left by day 30, by reason: `tooManyQuestions 12, noValue 40`.
    static func departures(_ outcomes: [UserOutcome]) -> String {
        let reasons = Departure.Reason.allCases.map { reason in
            (reason, outcomes.filter { !$0.stays(past: 30) && $0.left?.reason == reason }.count)
        }
        return "left by day 30: " + reasons.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func share(_ part: Int, of whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}

/// One metric against its target.
public struct MetricResult: Codable, Sendable, Equatable {
    public let key: String
    public let name: String
    public let unit: String
    /// Whom it is computed over: all users, or the days they used vigord.
    public let over: String
    /// Nil: nothing to measure (no user, no workout, a run shorter than 30 days).
    public let value: Double?
    public let target: Double
    /// The target is an upper bound (`<`), else a lower bound (`>`, or `≥` for a target the value may reach).
    public let targetIsMaximum: Bool
    public let note: String?
    /// True when reaching the target meets it (`≥`, for a target of 100 %).
    public let reachesTarget: Bool
    /// Whether the value meets the target; nil when there is no value.
    public let met: Bool?
    /// The 95 % interval over users (`PopulationReport.bootstrap`); nil when no resample had a value.
    public var interval: MetricInterval?

    /// This result with `interval`.
    func with(_ interval: MetricInterval?) -> MetricResult {
        var result = self
        result.interval = interval
        return result
    }

    init(
        key: String, name: String, unit: String, over: String, value: Double?, target: Double, targetIsMaximum: Bool, note: String?,
        reachesTarget: Bool = false
    ) {
        self.key = key
        self.name = name
        self.unit = unit
        self.over = over
        self.value = value
        self.target = target
        self.targetIsMaximum = targetIsMaximum
        self.note = note
        self.reachesTarget = reachesTarget
        met = value.map { targetIsMaximum ? $0 < target : reachesTarget ? $0 >= target : $0 > target }
    }
}

/// A 95 % interval: the 2.5th and 97.5th percentiles of the metric over resamples of the users.
public struct MetricInterval: Codable, Sendable, Equatable {
    public let low: Double
    public let high: Double
}

/// How many users reached a phase (or a higher one) and the median first day they did.
public struct PhaseReach: Codable, Sendable, Equatable {
    public let phase: TrustPhase
    public let reached: Int
    public let medianDay: Double?
}
