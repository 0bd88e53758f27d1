import CivilCalendar
import Foundation
import GhostEngine

/// Turns health samples into one morning's inputs: last night's sleep, HRV and resting heart
/// rate against their baselines, training strain, and how much of each day's data arrived.
/// Rules (also in Docs/engine.md): a night is 18:00 the evening before to 14:00 local; overlapping
/// segments from several devices are merged, not added; a night no device recorded takes the morning check-in's
/// reported sleep; baselines are means of daily means.
public struct SignalDigest: Sendable {
    private let calendar: LocalCalendar
    /// The samples digested.
    public let samples: [HealthSample]
    private let checkIns: [LocalDay: CheckInReport]
    /// Workouts the Ghost counted (logged by hand or imported), as time ranges: strain counts them beside the workout
    /// samples, a workout both logged and imported once.
    private let recordedWorkouts: [Range<Date>]

    /// Nights a sleep baseline looks back over, and the fewest it needs.
    static let sleepBaselineNights = 14, sleepBaselineMinimum = 3
    /// Fewest days behind a 7- and a 30-day baseline.
    static let shortBaselineMinimum = 3, longBaselineMinimum = 7
    /// A strain baseline needs workouts on this many days of the last 28, the first this many days before the morning.
    public static let strainBaselineWorkoutDays = 4, strainBaselineSpanDays = 14

    /// Digests `samples` (they may be in any order) and the morning `checkIns` in `calendar`'s zone.
    public init(calendar: LocalCalendar, samples: [HealthSample], checkIns: [CheckInReport] = [], recordedWorkouts: [Range<Date>] = []) {
        self.calendar = calendar
        self.samples = samples
        self.recordedWorkouts = recordedWorkouts
        self.checkIns = Dictionary(checkIns.map { ($0.day, $0) }) { _, later in later }
    }

    /// The workouts `ghost` counts, as the ranges strain reads beside the health samples.
    public static func recordedWorkouts(of ghost: Ghost) -> [Range<Date>] {
        ghost.workouts.filter(\.counts).map { $0.start..<max($0.start, $0.end) }
    }

    /// Recovery inputs for the morning of `day`; a value is missing when its data is.
    public func recoveryInputs(on day: LocalDay) throws(EngineError) -> RecoveryInputs {
        var inputs = RecoveryInputs(day: day)
        inputs.sleepMinutes = try sleep(endingMorningOf: day)
        inputs.sleepBaselineMinutes = try baseline(
            "baseline:sleep14d", days: (1...Self.sleepBaselineNights).map { day.adding(days: -$0) },
            minimum: Self.sleepBaselineMinimum, day: day) { night throws(EngineError) in try sleep(endingMorningOf: night)?.value }
        let window = try nightWindow(day)
        inputs.hrv = latest(.hrv, in: window)
        inputs.hrvBaseline7 = try dailyMeanBaseline(.hrv, days: 7, minimum: Self.shortBaselineMinimum, before: day)
        inputs.hrvBaseline30 = try dailyMeanBaseline(.hrv, days: 30, minimum: Self.longBaselineMinimum, before: day)
        inputs.restingHeartRate = latest(.restingHeartRate, in: try Self.restingHeartRateWindow(day, calendar: calendar))
        inputs.restingHeartRateBaseline = try dailyMeanBaseline(
            .restingHeartRate, days: 30, minimum: Self.shortBaselineMinimum, before: day)
        let today = try calendar.startOfDay(day)
        let monthRange = try calendar.startOfDay(day.adding(days: -28))..<today
        let workoutDays = Set(workouts(in: monthRange).map { calendar.day(of: $0.lowerBound) })
        if workoutDays.count >= Self.strainBaselineWorkoutDays, let first = workoutDays.min(),
           first.days(until: day) >= Self.strainBaselineSpanDays {
            let week = workoutMinutes(in: try calendar.startOfDay(day.adding(days: -7))..<today)
            inputs.strainLast7Days = MetricValue(value: week, source: "workouts:7d", recordedAt: today)
            inputs.strainWeeklyAverage = MetricValue(value: workoutMinutes(in: monthRange) / 4, source: "workouts:28d/4", recordedAt: today)
        } else if !workoutDays.isEmpty {
            inputs.strainWithoutBaseline = "training strain is left out until workouts on \(Self.strainBaselineWorkoutDays) days "
                + "over \(Self.strainBaselineSpanDays) days make a baseline (\(workoutDays.count) workout day(s) so far)"
        }
        return inputs
    }

    /// What the morning transformation rules read.
    public func morningSignals(on day: LocalDay) throws(EngineError) -> MorningSignals {
        let inputs = try recoveryInputs(on: day)
        return MorningSignals(
            lastNightSleepMinutes: inputs.sleepMinutes.map { Int($0.value.rounded()) }, hrv: inputs.hrv?.value,
            hrvBaseline7: inputs.hrvBaseline7?.value, feltTired: checkIns[day]?.felt == .tired)
    }

    /// True when the user checked in on the morning of `day`.
    public func checkedIn(on day: LocalDay) -> Bool {
        checkIns[day] != nil
    }

    /// Share of the four daily signals a device measures (the night's sleep, HRV, resting heart rate, steps) that
    /// arrived for `day`; a check-in is not counted here (the health profile weighs it on its own).
    public func coverage(of day: LocalDay) throws(EngineError) -> Double {
        let dayRange = try calendar.startOfDay(day)..<calendar.startOfDay(day.adding(days: 1))
        let present = [
            try measuredSleep(endingMorningOf: day) != nil,
            samples.contains { $0.kind == .hrv && dayRange.contains($0.end) },
            samples.contains { $0.kind == .restingHeartRate && dayRange.contains($0.end) },
            samples.contains { $0.kind == .steps && dayRange.contains($0.end) },
        ]
        return Double(present.filter { $0 }.count) / Double(present.count)
    }

    /// Sleep of the night before `day`: measured by a device when one recorded it, else the check-in's report.
    func sleep(endingMorningOf day: LocalDay) throws(EngineError) -> MetricValue? {
        if let measured = try measuredSleep(endingMorningOf: day) { return measured }
        guard let report = checkIns[day], let minutes = report.sleptMinutes else { return nil }
        return MetricValue(value: Double(minutes), source: "check-in:sleep:reported", recordedAt: report.recordedAt)
    }

    /// Sleep of the night before `day` as devices recorded it: asleep segments merged across devices, or time in
    /// bed when no device recorded stages.
    private func measuredSleep(endingMorningOf day: LocalDay) throws(EngineError) -> MetricValue? {
        let window = try nightWindow(day)
        let segments = samples.filter { $0.kind == .sleep && $0.start < window.upperBound && $0.end > window.lowerBound }
        let asleep = segments.filter(\.isAsleep)
        let chosen = asleep.isEmpty ? segments.filter { $0.detail == "inBed" } : asleep
        guard !chosen.isEmpty else { return nil }
        let minutes = Self.mergedSeconds(chosen.map { max($0.start, window.lowerBound)..<min($0.end, window.upperBound) }) / 60
        let sources = Set(chosen.map(\.source)).sorted().joined(separator: "+")
        let stage = asleep.isEmpty ? "inBed" : "asleep"
        return MetricValue(value: minutes, source: "\(sources):sleep:\(stage)", recordedAt: chosen.map(\.end).max() ?? window.upperBound)
    }

    /// 18:00 the evening before `day` to 14:00 on `day`, local time.
    private func nightWindow(_ day: LocalDay) throws(EngineError) -> Range<Date> {
        try Self.nightWindow(day, calendar: calendar)
    }

    private static func nightWindow(_ day: LocalDay, calendar: LocalCalendar) throws(EngineError) -> Range<Date> {
        try calendar.date(on: day.adding(days: -1), hour: 18)..<calendar.date(on: day, hour: 14)
    }

    /// True when the morning of `day` reads `sample` as last night's (`recoveryInputs`): sleep that overlaps the night,
    /// HRV that ends in it, resting heart rate that ends from the day before until the night's end.
    public static func isLastNight(_ sample: HealthSample, morningOf day: LocalDay, calendar: LocalCalendar) throws(EngineError) -> Bool {
        let night = try nightWindow(day, calendar: calendar)
        switch sample.kind {
        case .sleep: return sample.start < night.upperBound && sample.end > night.lowerBound
        case .hrv: return night.contains(sample.end)
        case .restingHeartRate: return try restingHeartRateWindow(day, calendar: calendar).contains(sample.end)
        case .steps, .workout: return false
        }
    }

    /// From the start of the day before `day` to the end of its night: the resting heart rate the morning of `day` reads.
    private static func restingHeartRateWindow(_ day: LocalDay, calendar: LocalCalendar) throws(EngineError) -> Range<Date> {
        try calendar.startOfDay(day.adding(days: -1))..<nightWindow(day, calendar: calendar).upperBound
    }

    private func latest(_ kind: HealthKind, in range: Range<Date>) -> MetricValue? {
        samples.filter { $0.kind == kind && range.contains($0.end) }.max { $0.end < $1.end }
            .map { MetricValue(value: $0.value, source: "\($0.source):\(kind.rawValue)", recordedAt: $0.end) }
    }

    private func dailyMeanBaseline(
        _ kind: HealthKind, days: Int, minimum: Int, before day: LocalDay
    ) throws(EngineError) -> MetricValue? {
        let start = try calendar.startOfDay(day.adding(days: -days))
        let end = try calendar.startOfDay(day)
        let byDay = Dictionary(grouping: samples.filter { $0.kind == kind && $0.end >= start && $0.end < end }) {
            calendar.day(of: $0.end)
        }
        guard byDay.count >= minimum else { return nil }
        let means = byDay.values.map { samples in samples.map(\.value).reduce(0, +) / Double(samples.count) }
        return MetricValue(
            value: means.reduce(0, +) / Double(means.count), source: "baseline:\(kind.rawValue)\(days)d", recordedAt: end)
    }

    private func baseline(
        _ source: String, days: [LocalDay], minimum: Int, day: LocalDay, value: (LocalDay) throws(EngineError) -> Double?
    ) throws(EngineError) -> MetricValue? {
        var values: [Double] = []
        for night in days {
            if let found = try value(night) { values.append(found) }
        }
        guard values.count >= minimum else { return nil }
        return MetricValue(value: values.reduce(0, +) / Double(values.count), source: source, recordedAt: try calendar.startOfDay(day))
    }

    /// The workouts that started in `range`: workout samples and the Ghost's recorded workouts.
    private func workouts(in range: Range<Date>) -> [Range<Date>] {
        (samples.filter { $0.kind == .workout }.map { $0.start..<max($0.start, $0.end) } + recordedWorkouts)
            .filter { range.contains($0.lowerBound) }
    }

    /// Minutes of training that started in `range`, a workout that two reports cover counted once.
    private func workoutMinutes(in range: Range<Date>) -> Double {
        Self.mergedSeconds(workouts(in: range)) / 60
    }

    /// Length of the union of `ranges`, seconds.
    static func mergedSeconds(_ ranges: [Range<Date>]) -> TimeInterval {
        var total: TimeInterval = 0
        var current: Range<Date>?
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, range.lowerBound <= open.upperBound {
                current = open.lowerBound..<max(open.upperBound, range.upperBound)
            } else {
                if let open = current { total += open.upperBound.timeIntervalSince(open.lowerBound) }
                current = range
            }
        }
        if let open = current { total += open.upperBound.timeIntervalSince(open.lowerBound) }
        return total
    }
}
