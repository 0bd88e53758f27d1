import CivilCalendar

/// The five numbers the health phases are decided on, computed from recent `DaySummary` values.
/// Exact definitions are in Docs/engine.md ("Health metrics"); nil rates mean "too few sessions to tell".
public struct HealthMetrics: Codable, Sendable, Equatable {
    /// Mean day evidence (biometrics, check-ins, workouts) over the completeness window (days without a summary count as 0).
    public var completeness: Double
    /// 1 − |recent completion rate − prior completion rate|; 0 when either is unknown.
    public var stability: Double
    /// Relative drop of the recent completion rate below the reference rate; 0 when unknown.
    public var deviation: Double
    /// Missed / planned in the recent window; nil when fewer than the minimum sessions were planned.
    public var missRate: Double?
    /// Workouts done / max(planned, minimum sessions) in the recent window, capped at 1.
    public var recoverySignal: Double

    /// Creates metrics.
    public init(completeness: Double, stability: Double, deviation: Double, missRate: Double?, recoverySignal: Double) {
        self.completeness = completeness
        self.stability = stability
        self.deviation = deviation
        self.missRate = missRate
        self.recoverySignal = recoverySignal
    }

    /// Metrics of a profile with no data.
    public static let empty = HealthMetrics(completeness: 0, stability: 0, deviation: 0, missRate: nil, recoverySignal: 0)

    /// Computes the metrics at the end of `today` from `summaries` (any order, any span).
    public static func compute(from summaries: [DaySummary], endingOn today: LocalDay, rules: HealthRules) -> HealthMetrics {
        func window(_ firstDaysAgo: Int, _ length: Int) -> [DaySummary] {
            let last = today.adding(days: -firstDaysAgo)
            let first = last.adding(days: -(length - 1))
            return summaries.filter { $0.day >= first && $0.day <= last }
        }
        func completionRate(_ days: [DaySummary]) -> Double? {
            let planned = days.reduce(0) { $0 + $1.plannedSessions }
            guard planned >= rules.minPlannedSessions else { return nil }
            return Double(days.reduce(0) { $0 + $1.completedSessions }) / Double(planned)
        }
        let recentLength = rules.recentWindowDays
        let recent = window(0, recentLength)
        let recentRate = completionRate(recent)
        let priorRate = completionRate(window(recentLength, recentLength))
        let referenceRate = completionRate(window(recentLength, rules.referenceWindowDays))
        let completenessDays = window(0, rules.completenessWindowDays)
        let completeness = completenessDays.reduce(0) { $0 + $1.evidence(rules) } / Double(rules.completenessWindowDays)
        var stability = 0.0
        if let recentRate, let priorRate {
            stability = 1 - abs(recentRate - priorRate)
        }
        var deviation = 0.0
        if let recentRate, let referenceRate, referenceRate > 0 {
            deviation = max(0, referenceRate - recentRate) / referenceRate
        }
        let planned = recent.reduce(0) { $0 + $1.plannedSessions }
        let done = recent.reduce(0) { $0 + $1.completedSessions + $1.unplannedWorkouts }
        let recovery = min(1, Double(done) / Double(max(planned, rules.minPlannedSessions, 1)))
        return HealthMetrics(
            completeness: completeness, stability: stability, deviation: deviation,
            missRate: recentRate.map { 1 - $0 }, recoverySignal: recovery)
    }
}
