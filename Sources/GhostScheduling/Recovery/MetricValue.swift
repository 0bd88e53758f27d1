import CivilCalendar
import Foundation
import GhostEngine

/// A measured value with where and when it came from, so every number behind a score can be traced.
public struct MetricValue: Codable, Sendable, Equatable {
    /// The value in the metric's unit (minutes, milliseconds, beats per minute, strain units).
    public let value: Double
    /// Where it came from, e.g. `healthkit:sleepAnalysis` or `baseline:hrv7d`.
    public let source: String
    /// When the source recorded it.
    public let recordedAt: Date

    /// Creates a value.
    public init(value: Double, source: String, recordedAt: Date) {
        self.value = value
        self.source = source
        self.recordedAt = recordedAt
    }
}

/// One morning's recovery inputs; any may be missing (its component is then left out).
public struct RecoveryInputs: Codable, Sendable, Equatable {
    /// The day the score is for.
    public var day: LocalDay
    /// Last night's sleep, minutes.
    public var sleepMinutes: MetricValue?
    /// The personal sleep baseline, minutes.
    public var sleepBaselineMinutes: MetricValue?
    /// This morning's HRV, ms.
    public var hrv: MetricValue?
    /// 7-day HRV baseline, ms.
    public var hrvBaseline7: MetricValue?
    /// 30-day HRV baseline, ms.
    public var hrvBaseline30: MetricValue?
    /// Resting heart rate, bpm.
    public var restingHeartRate: MetricValue?
    /// Resting-heart-rate baseline, bpm.
    public var restingHeartRateBaseline: MetricValue?
    /// Training load of the last 7 days.
    public var strainLast7Days: MetricValue?
    /// Average weekly training load of the last 28 days.
    public var strainWeeklyAverage: MetricValue?
    /// Why training strain is left out although there were workouts (too few for a baseline); nil otherwise.
    public var strainWithoutBaseline: String?

    /// Creates inputs for `day`; set the values that are known.
    public init(day: LocalDay) {
        self.day = day
    }

    /// Inputs as a stored score lists them (`RecoveryScore.inputs`), to score the day again with another formula;
    /// unknown names are left out.
    public init(day: LocalDay, provenanced: [ProvenancedInput]) {
        self.day = day
        for input in provenanced {
            switch input.name {
            case "sleepMinutes": sleepMinutes = input.metric
            case "sleepBaselineMinutes": sleepBaselineMinutes = input.metric
            case "hrv": hrv = input.metric
            case "hrvBaseline7": hrvBaseline7 = input.metric
            case "hrvBaseline30": hrvBaseline30 = input.metric
            case "restingHeartRate": restingHeartRate = input.metric
            case "restingHeartRateBaseline": restingHeartRateBaseline = input.metric
            case "strainLast7Days": strainLast7Days = input.metric
            case "strainWeeklyAverage": strainWeeklyAverage = input.metric
            default: continue
            }
        }
    }

    /// Every present input as `(name, value)`, in the fixed order above.
    var named: [(String, MetricValue)] {
        [
            ("sleepMinutes", sleepMinutes), ("sleepBaselineMinutes", sleepBaselineMinutes), ("hrv", hrv),
            ("hrvBaseline7", hrvBaseline7), ("hrvBaseline30", hrvBaseline30), ("restingHeartRate", restingHeartRate),
            ("restingHeartRateBaseline", restingHeartRateBaseline), ("strainLast7Days", strainLast7Days),
            ("strainWeeklyAverage", strainWeeklyAverage),
        ].compactMap { name, value in value.map { (name, $0) } }
    }
}
