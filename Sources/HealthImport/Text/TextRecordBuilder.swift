import CivilCalendar
import Foundation

/// Validates and converts `TextFields` (JSON Lines or CSV) into a `HealthSample`, with the same bounds as Apple's data.
enum TextRecordBuilder {
    /// The source used when a line names none.
    static let defaultSource = "unknown"

    static func build(_ fields: TextFields) -> RecordOutcome {
        guard let typeName = fields.type else { return .skipped(.missingField, "no \"type\"") }
        guard let kind = HealthKind(rawValue: typeName) else { return .ignored }
        guard let startText = fields.start else { return .skipped(.missingField, "\(kind.rawValue) without \"start\"") }
        let start: Date
        switch timestamp(startText, field: "start") {
        case .success(let date): start = date
        case .failure(let problem): return .skipped(problem.reason, problem.message)
        }
        let end: Date
        if let endText = fields.end {
            switch timestamp(endText, field: "end") {
            case .success(let date): end = date
            case .failure(let problem): return .skipped(problem.reason, problem.message)
            }
        } else if kind == .sleep || kind == .workout {
            return .skipped(.missingField, "\(kind.rawValue) without \"end\"")
        } else {
            end = start
        }
        guard end >= start else { return .skipped(.endBeforeStart, "end \(fields.end ?? "") is before start \(startText)") }
        let source = fields.source ?? defaultSource
        let minutes = end.timeIntervalSince(start) / 60
        switch kind {
        case .sleep:
            let stageText = fields.detail ?? "asleep"
            guard let stage = sleepStages.first(where: { $0.caseInsensitiveCompare(stageText) == .orderedSame }) else {
                return .skipped(.unknownValue, "unknown sleep stage \"\(stageText)\" (use \(sleepStages.joined(separator: ", ")))")
            }
            guard HealthBounds.sleepMinutes.contains(minutes) else {
                return .skipped(.outOfRange, "sleep segment of \(HealthBounds.text(minutes.rounded())) minutes is longer than a day")
            }
            return .record(HealthSample(kind: .sleep, source: source, start: start, end: end, value: minutes, detail: stage))
        case .hrv, .restingHeartRate, .steps:
            let units: [String: Double]
            let bounds: ClosedRange<Double>
            let unitName: String
            let defaultUnit: String
            switch kind {
            case .hrv: (units, bounds, unitName, defaultUnit) = (["ms": 1, "s": 1000], HealthBounds.hrvMilliseconds, "ms", "ms")
            case .restingHeartRate:
                (units, bounds, unitName, defaultUnit) = (
                    ["bpm": 1, "count/min": 1, "count/s": 60], HealthBounds.restingHeartRate, "bpm", "bpm")
            default: (units, bounds, unitName, defaultUnit) = (["count": 1], HealthBounds.stepsPerRecord, "steps", "count")
            }
            let number: Double
            switch fields.value {
            case .absent: return .skipped(.missingField, "\(kind.rawValue) without \"value\"")
            case .invalid(let text): return .skipped(.badNumber, "\(kind.rawValue) value \"\(text)\" is not a number")
            case .number(let value): number = value
            }
            guard let factor = units[fields.unit ?? defaultUnit] else {
                return .skipped(.badUnit, "unknown unit \"\(fields.unit ?? "")\" for \(kind.rawValue) (use \(units.keys.sorted().joined(separator: ", ")))")
            }
            let value = number * factor
            guard bounds.contains(value) else {
                return .skipped(.outOfRange, "\(kind.rawValue) \(HealthBounds.text(value)) \(unitName) is outside \(HealthBounds.text(bounds))")
            }
            return .record(HealthSample(kind: kind, source: source, start: start, end: end, value: value))
        case .workout:
            return workout(fields, source: source, start: start, end: end, minutes: minutes)
        }
    }

    private static let sleepStages = ["inBed", "asleep", "core", "deep", "rem", "awake"]

    private static func workout(_ fields: TextFields, source: String, start: Date, end: Date, minutes: Double) -> RecordOutcome {
        var duration = minutes
        switch fields.value {
        case .absent: break
        case .invalid(let text): return .skipped(.badNumber, "workout duration \"\(text)\" is not a number")
        case .number(let value):
            let units: [String: Double] = ["min": 1, "s": 1.0 / 60, "hr": 60]
            guard let factor = units[fields.unit ?? "min"] else {
                return .skipped(.badUnit, "unknown workout duration unit \"\(fields.unit ?? "")\" (use min, s, hr)")
            }
            duration = value * factor
        }
        guard HealthBounds.workoutMinutes.contains(duration) else {
            return .skipped(.outOfRange, "workout of \(HealthBounds.text(duration.rounded())) minutes is outside \(HealthBounds.text(HealthBounds.workoutMinutes))")
        }
        var energy: Double?
        switch fields.energy {
        case .absent: break
        case .invalid(let text): return .skipped(.badNumber, "workout energy \"\(text)\" is not a number")
        case .number(let value):
            let units: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184]
            guard let factor = units[fields.energyUnit ?? "kcal"] else {
                return .skipped(.badUnit, "unknown energy unit \"\(fields.energyUnit ?? "")\" (use kcal, kJ)")
            }
            energy = value * factor
        }
        if let energy, !HealthBounds.workoutKilocalories.contains(energy) {
            return .skipped(.outOfRange, "workout energy \(HealthBounds.text(energy)) kcal is outside \(HealthBounds.text(HealthBounds.workoutKilocalories))")
        }
        return .record(HealthSample(
            kind: .workout, source: source, start: start, end: end, value: duration,
            detail: fields.detail ?? "other", energyKilocalories: energy))
    }

    private struct Problem: Error {
        var reason: HealthSkipReason
        var message: String
    }

    private static func timestamp(_ text: String, field: String) -> Result<Date, Problem> {
        switch RFC3339.parse(text.trimmingSpaces) {
        case .success(let date): return .success(date)
        case .failure(.missingOffset):
            return .failure(Problem(reason: .badDate, message: "\(field) \"\(text)\" has no UTC offset (add Z or +01:00)"))
        case .failure(.malformed):
            return .failure(Problem(reason: .badDate, message: "\(field) \"\(text)\" is not an RFC 3339 timestamp like 2026-03-22T23:10:00+01:00"))
        }
    }
}
