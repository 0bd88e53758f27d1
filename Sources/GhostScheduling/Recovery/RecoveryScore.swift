import CivilCalendar
import Foundation
import GhostEngine

/// One component of a recovery score: its value 0…1 and its weight.
public struct RecoveryComponent: Codable, Sendable, Equatable {
    /// `sleep`, `hrv`, `restingHeartRate` or `strain`.
    public let name: String
    /// Component value, 0…1.
    public let value: Double
    /// Weight in the formula.
    public let weight: Double
}

/// An input as it entered a score: name, value and provenance.
public struct ProvenancedInput: Codable, Sendable, Equatable {
    /// Input name, e.g. `hrvBaseline7`.
    public let name: String
    /// The value and where it came from.
    public let metric: MetricValue

    /// Creates an input.
    public init(name: String, metric: MetricValue) {
        self.name = name
        self.metric = metric
    }
}

/// A recovery score 0…100 with everything needed to answer "why is it this number?".
public struct RecoveryScore: Codable, Sendable, Equatable {
    /// The day scored.
    public let day: LocalDay
    /// Score, 0…100.
    public let value: Double
    /// The formula that computed it.
    public let formula: FormulaIdentity
    /// FNV-1a 64 of the canonical inputs (`name=value|source|recordedAt` lines).
    public let inputHash: String
    /// The inputs used, with provenance.
    public let inputs: [ProvenancedInput]

    /// The inputs measured for the morning (sleep, HRV, resting heart rate, a check-in): not the baselines they are
    /// compared with, nor the training sums; the data's age runs from the newest of them.
    public var measuredInputs: [MetricValue] {
        inputs.map(\.metric).filter { !$0.source.hasPrefix("baseline:") && !$0.source.hasPrefix("workouts:") }
    }
    /// The components and weights present.
    public let components: [RecoveryComponent]
}

extension RecoveryFormula {
    /// Computes the score: 100 × Σ weight·component / Σ weight over the components whose inputs are present.
    /// - Throws: `SchedulingError.noRecoveryInputs` when no component but strain can be computed.
    public func score(_ inputs: RecoveryInputs) throws(SchedulingError) -> RecoveryScore {
        var components: [RecoveryComponent] = []
        if let sleep = inputs.sleepMinutes?.value, let baseline = inputs.sleepBaselineMinutes?.value, baseline > 0 {
            components.append(RecoveryComponent(name: "sleep", value: Self.unit(sleep / baseline), weight: sleepWeight))
        }
        if let hrv = inputs.hrv?.value, let week = inputs.hrvBaseline7?.value, let month = inputs.hrvBaseline30?.value,
           week > 0, month > 0 {
            let deviation = hrvShortTermShare * (hrv / week - 1) + (1 - hrvShortTermShare) * (hrv / month - 1)
            components.append(RecoveryComponent(
                name: "hrv", value: Self.unit(0.5 + hrvSensitivity * deviation), weight: hrvWeight))
        }
        if let rate = inputs.restingHeartRate?.value, let baseline = inputs.restingHeartRateBaseline?.value, baseline > 0 {
            let rise = (rate - baseline) / baseline
            components.append(RecoveryComponent(
                name: "restingHeartRate", value: Self.unit(0.5 - restingHeartRateSensitivity * rise),
                weight: restingHeartRateWeight))
        }
        if let load = inputs.strainLast7Days?.value, let average = inputs.strainWeeklyAverage?.value, average > 0 {
            components.append(RecoveryComponent(
                name: "strain", value: Self.unit(strainTolerance - load / average), weight: strainWeight))
        }
        let totalWeight = components.reduce(0) { $0 + $1.weight }
        // Strain only adjusts what the body says: alone, one long session would make the whole score.
        guard totalWeight > 0, components.contains(where: { $0.name != "strain" }) else { throw .noRecoveryInputs(inputs.day) }
        let value = 100 * components.reduce(0) { $0 + $1.weight * $1.value } / totalWeight
        let provenanced = inputs.named.map { ProvenancedInput(name: $0.0, metric: $0.1) }
        let canonical = provenanced.map {
            ReceiptInput($0.name, "\($0.metric.value)|\($0.metric.source)|\($0.metric.recordedAt.timeIntervalSince1970)")
        }
        return RecoveryScore(
            day: inputs.day, value: value, formula: identity, inputHash: InputSnapshotHash.hash(canonical),
            inputs: provenanced, components: components)
    }

    private static func unit(_ value: Double) -> Double {
        min(1, max(0, value))
    }
}
