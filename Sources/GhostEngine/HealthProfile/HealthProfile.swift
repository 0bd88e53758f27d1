import CivilCalendar

/// The health-profile state machine: phase, days of data and of evidence, the latest metrics, and confidence.
/// Closed days go in; phase changes come out. Confidence scales the autonomous-action threshold.
public struct HealthProfile: Codable, Sendable, Equatable {
    /// A recorded phase change.
    public struct Change: Codable, Sendable, Equatable {
        /// Phase before.
        public let from: HealthPhase
        /// Phase after.
        public let to: HealthPhase
        /// The metrics that decided it.
        public let metrics: HealthMetrics
        /// The local day it happened at the end of.
        public let day: LocalDay
    }

    /// Current phase.
    public private(set) var phase: HealthPhase
    /// Days on which any evidence arrived (health data, a check-in, a workout), since the profile started.
    public private(set) var daysOfData: Int
    /// Sum of the days' evidence (0…1 each, `DaySummary.evidence`) since the profile started: a day with all four
    /// biometric signals counts 1, a check-in alone 0.75. The baseline confidence grows with it.
    public private(set) var evidenceDays: Double
    /// Metrics as of the last closed day.
    public private(set) var metrics: HealthMetrics
    /// Recent day summaries, oldest first, trimmed to the windows the metrics need.
    public private(set) var recentDays: [DaySummary]

    /// A new profile in baseline.
    public init() {
        phase = .baseline
        daysOfData = 0
        evidenceDays = 0
        metrics = .empty
        recentDays = []
    }

    /// Decodes a saved profile; one saved before evidence was weighed counts each day of data as a full one.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        phase = try keys.decode(HealthPhase.self, forKey: .phase)
        daysOfData = try keys.decode(Int.self, forKey: .daysOfData)
        evidenceDays = try keys.value(.evidenceDays, or: Double(daysOfData))
        metrics = try keys.decode(HealthMetrics.self, forKey: .metrics)
        recentDays = try keys.decode([DaySummary].self, forKey: .recentDays)
    }

    /// Confidence in the profile, 0…1, by the phase formulas in the rules (clamped, whatever the config says).
    public func confidence(_ rules: HealthRules) -> Double {
        min(1, max(0, unclampedConfidence(rules)))
    }

    private func unclampedConfidence(_ rules: HealthRules) -> Double {
        switch phase {
        case .baseline:
            let days = min(evidenceDays, Double(rules.baselineDays))
            return rules.baselineConfidenceBase + days / Double(rules.baselineDays) * rules.baselineConfidenceSpan
        case .adaptation:
            return rules.adaptationConfidenceBase + metrics.stability * rules.adaptationConfidenceSpan
        case .maintenance:
            return rules.maintenanceConfidenceBase + metrics.stability * rules.maintenanceConfidenceSpan
        case .regression:
            let missRate = metrics.missRate ?? 1
            return max(rules.regressionConfidenceFloor, rules.regressionConfidenceCeiling - missRate)
        }
    }

    /// Score an autonomous action needs: base threshold / confidence (above 1 means "never on its own").
    public func autonomousActionThreshold(base: Double, rules: HealthRules) -> Double {
        base / max(confidence(rules), 0.000_001)
    }

    /// Adds a closed day, recomputes the metrics and moves at most one phase.
    /// A summary for a day already recorded replaces it without counting the day twice.
    public mutating func close(_ summary: DaySummary, rules: HealthRules) -> Change? {
        if let index = recentDays.firstIndex(where: { $0.day == summary.day }) {
            if recentDays[index].hasData != summary.hasData { daysOfData += summary.hasData ? 1 : -1 }
            evidenceDays = max(0, evidenceDays - recentDays[index].evidence(rules) + summary.evidence(rules))
            recentDays[index] = summary
        } else {
            daysOfData += summary.hasData ? 1 : 0
            evidenceDays += summary.evidence(rules)
            recentDays.append(summary)
            recentDays.sort { $0.day < $1.day }
        }
        let keep = rules.recentWindowDays + max(rules.referenceWindowDays, rules.completenessWindowDays)
        let oldest = summary.day.adding(days: -(keep - 1))
        recentDays.removeAll { $0.day < oldest }
        metrics = HealthMetrics.compute(from: recentDays, endingOn: summary.day, rules: rules)
        guard let next = nextPhase(rules) else { return nil }
        let change = Change(from: phase, to: next, metrics: metrics, day: summary.day)
        phase = next
        return change
    }

    private func nextPhase(_ rules: HealthRules) -> HealthPhase? {
        switch phase {
        case .baseline:
            daysOfData >= rules.baselineDays && metrics.completeness > rules.baselineCompleteness ? .adaptation : nil
        case .adaptation:
            daysOfData >= rules.maintenanceDays && metrics.stability > rules.maintenanceStability ? .maintenance : nil
        case .maintenance:
            (metrics.missRate ?? 0) > rules.regressionMissRate || metrics.deviation > rules.regressionDeviation
                ? .regression : nil
        case .regression:
            metrics.recoverySignal > rules.recoverySignal ? .adaptation : nil
        }
    }
}
