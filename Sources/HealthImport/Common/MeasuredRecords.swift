import CivilCalendar
import Foundation

/// Turns numbers already read (Gadgetbridge's tables, FIT messages) into records, with the same bounds as
/// every other format; `place` ("MI_BAND_ACTIVITY_SAMPLE row 12", "session message 9 at byte 812") starts each skip message.
enum MeasuredRecords {
    static func sleep(source: String, start: Date, end: Date, stage: String, place: String) -> RecordOutcome {
        guard end >= start else {
            return .skipped(.endBeforeStart, "\(place): sleep ends before it starts")
        }
        let minutes = end.timeIntervalSince(start) / 60
        guard HealthBounds.sleepMinutes.contains(minutes) else {
            return .skipped(.outOfRange, "\(place): sleep segment of \(HealthBounds.text(minutes.rounded())) minutes is longer than a day")
        }
        return .record(HealthSample(kind: .sleep, source: source, start: start, end: end, value: minutes, detail: stage))
    }

    static func steps(source: String, hourStart: Int64, count: Int64, place: String) -> RecordOutcome {
        let value = Double(count)
        guard HealthBounds.stepsPerRecord.contains(value) else {
            return .skipped(
                .outOfRange, "\(place): \(count) steps in one hour is outside \(HealthBounds.text(HealthBounds.stepsPerRecord))")
        }
        let start = Date(timeIntervalSince1970: Double(hourStart))
        return .record(HealthSample(kind: .steps, source: source, start: start, end: start.addingTimeInterval(3600), value: value))
    }

    /// A resting heart rate (bpm) or an HRV value (ms) measured at one instant.
    static func point(_ kind: HealthKind, source: String, at instant: Date, value: Int64, place: String) -> RecordOutcome {
        let (bounds, unit) = kind == .hrv ? (HealthBounds.hrvMilliseconds, "ms") : (HealthBounds.restingHeartRate, "bpm")
        let number = Double(value)
        guard bounds.contains(number) else {
            return .skipped(.outOfRange, "\(place): \(kind.rawValue) \(value) \(unit) is outside \(HealthBounds.text(bounds))")
        }
        return .record(HealthSample(kind: kind, source: source, start: instant, end: instant, value: number))
    }

    /// A workout; its value is `minutes` when given (e.g. the time the timer ran), else `end - start`.
    static func workout(
        source: String, start: Date, end: Date, activity: String, kilocalories: Double?, minutes: Double? = nil, place: String
    ) -> RecordOutcome {
        guard end >= start else {
            return .skipped(.endBeforeStart, "\(place): the workout ends before it starts")
        }
        let minutes = minutes ?? end.timeIntervalSince(start) / 60
        guard HealthBounds.workoutMinutes.contains(minutes) else {
            return .skipped(
                .outOfRange,
                "\(place): workout of \(HealthBounds.text(minutes.rounded())) minutes is outside \(HealthBounds.text(HealthBounds.workoutMinutes))")
        }
        if let kilocalories, !HealthBounds.workoutKilocalories.contains(kilocalories) {
            return .skipped(
                .outOfRange,
                "\(place): workout energy \(HealthBounds.text(kilocalories)) kcal is outside \(HealthBounds.text(HealthBounds.workoutKilocalories))")
        }
        return .record(HealthSample(
            kind: .workout, source: source, start: start, end: end, value: minutes, detail: activity,
            energyKilocalories: kilocalories))
    }
}
