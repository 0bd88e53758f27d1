import CivilCalendar
import Foundation

/// Maps Apple Health `<Record>` attributes to `HealthSample`s: type selection, units, validation.
struct AppleRecordMapper {
    typealias Outcome = RecordOutcome

    private var sources = DecodedStringCache()
    private var activities = DecodedStringCache()

    /// Maps a `<Record>` start tag.
    mutating func mapRecord(_ attributes: XMLAttributes, _ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let type = attributes.value("type", in: bytes) else {
            return .skipped(.missingField, "<Record> without a type attribute")
        }
        let kind: HealthKind
        if XMLBytes.equals(bytes, type, "HKQuantityTypeIdentifierStepCount") {
            kind = .steps
        } else if XMLBytes.equals(bytes, type, "HKCategoryTypeIdentifierSleepAnalysis") {
            kind = .sleep
        } else if XMLBytes.equals(bytes, type, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN") {
            kind = .hrv
        } else if XMLBytes.equals(bytes, type, "HKQuantityTypeIdentifierRestingHeartRate") {
            kind = .restingHeartRate
        } else {
            return .ignored
        }
        let interval: (source: String, start: Date, end: Date)
        switch common(attributes, bytes, element: "Record") {
        case .success(let value): interval = value
        case .failure(let problem): return .skipped(problem.reason, problem.message)
        }
        guard let valueRange = attributes.value("value", in: bytes) else {
            return .skipped(.missingField, "\(kind.rawValue) record without a value")
        }
        if kind == .sleep {
            return sleep(valueRange, bytes, interval)
        }
        guard let number = ByteParsing.double(XMLBytes.slice(bytes, valueRange)) else {
            return .skipped(.badNumber, "\(kind.rawValue) value \"\(XMLBytes.text(bytes, valueRange))\" is not a number")
        }
        guard let unitRange = attributes.value("unit", in: bytes) else {
            return .skipped(.missingField, "\(kind.rawValue) record without a unit")
        }
        let factor: Double
        let bounds: ClosedRange<Double>
        let unitName: String
        switch kind {
        case .hrv:
            bounds = HealthBounds.hrvMilliseconds
            unitName = "ms"
            if XMLBytes.equals(bytes, unitRange, "ms") { factor = 1 }
            else if XMLBytes.equals(bytes, unitRange, "s") { factor = 1000 }
            else { return badUnit(kind, unitRange, bytes) }
        case .restingHeartRate:
            bounds = HealthBounds.restingHeartRate
            unitName = "bpm"
            if XMLBytes.equals(bytes, unitRange, "count/min") { factor = 1 }
            else if XMLBytes.equals(bytes, unitRange, "count/s") { factor = 60 }
            else { return badUnit(kind, unitRange, bytes) }
        default:
            bounds = HealthBounds.stepsPerRecord
            unitName = "steps"
            guard XMLBytes.equals(bytes, unitRange, "count") else { return badUnit(kind, unitRange, bytes) }
            factor = 1
        }
        let value = number * factor
        guard bounds.contains(value) else {
            return .skipped(.outOfRange, "\(kind.rawValue) \(HealthBounds.text(value)) \(unitName) is outside \(HealthBounds.text(bounds))")
        }
        return .record(HealthSample(kind: kind, source: interval.source, start: interval.start, end: interval.end, value: value))
    }

    private func sleep(
        _ valueRange: Range<Int>, _ bytes: UnsafeRawBufferPointer, _ interval: (source: String, start: Date, end: Date)
    ) -> Outcome {
        guard let stage = Self.sleepStage(bytes, valueRange) else {
            return .skipped(.unknownValue, "unknown sleep value \"\(XMLBytes.text(bytes, valueRange))\"")
        }
        let minutes = interval.end.timeIntervalSince(interval.start) / 60
        guard HealthBounds.sleepMinutes.contains(minutes) else {
            return .skipped(.outOfRange, "sleep segment of \(HealthBounds.text(minutes.rounded())) minutes is longer than a day")
        }
        return .record(HealthSample(
            kind: .sleep, source: interval.source, start: interval.start, end: interval.end, value: minutes, detail: stage))
    }

    /// Apple's sleep category values (and the pre-iOS 16 numeric ones) as vigord's stage names.
    static func sleepStage(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String? {
        let prefix: StaticString = "HKCategoryValueSleepAnalysis"
        if XMLBytes.hasPrefix(bytes, range, prefix) {
            let rest = (range.lowerBound + prefix.utf8CodeUnitCount)..<range.upperBound
            if XMLBytes.equals(bytes, rest, "InBed") { return "inBed" }
            if XMLBytes.equals(bytes, rest, "Asleep") || XMLBytes.equals(bytes, rest, "AsleepUnspecified") { return "asleep" }
            if XMLBytes.equals(bytes, rest, "AsleepCore") { return "core" }
            if XMLBytes.equals(bytes, rest, "AsleepDeep") { return "deep" }
            if XMLBytes.equals(bytes, rest, "AsleepREM") { return "rem" }
            if XMLBytes.equals(bytes, rest, "Awake") { return "awake" }
            return nil
        }
        if XMLBytes.equals(bytes, range, "0") { return "inBed" }
        if XMLBytes.equals(bytes, range, "1") { return "asleep" }
        if XMLBytes.equals(bytes, range, "2") { return "awake" }
        return nil
    }

    private func badUnit(_ kind: HealthKind, _ unit: Range<Int>, _ bytes: UnsafeRawBufferPointer) -> Outcome {
        .skipped(.badUnit, "unknown unit \"\(XMLBytes.text(bytes, unit))\" for \(kind.rawValue)")
    }

    struct Problem: Error {
        var reason: HealthSkipReason
        var message: String
    }

    /// sourceName, startDate and endDate, shared by Record and Workout.
    mutating func common(
        _ attributes: XMLAttributes, _ bytes: UnsafeRawBufferPointer, element: String
    ) -> Result<(source: String, start: Date, end: Date), Problem> {
        guard let startRange = attributes.value("startDate", in: bytes),
              let endRange = attributes.value("endDate", in: bytes)
        else { return .failure(Problem(reason: .missingField, message: "<\(element)> without startDate or endDate")) }
        guard let start = ByteParsing.appleDate(XMLBytes.slice(bytes, startRange)) else {
            return .failure(Problem(reason: .badDate, message: "startDate \"\(XMLBytes.text(bytes, startRange))\" is not yyyy-MM-dd HH:mm:ss ±hhmm"))
        }
        guard let end = ByteParsing.appleDate(XMLBytes.slice(bytes, endRange)) else {
            return .failure(Problem(reason: .badDate, message: "endDate \"\(XMLBytes.text(bytes, endRange))\" is not yyyy-MM-dd HH:mm:ss ±hhmm"))
        }
        guard end >= start else {
            return .failure(Problem(reason: .endBeforeStart, message: "endDate \(XMLBytes.text(bytes, endRange)) is before startDate \(XMLBytes.text(bytes, startRange))"))
        }
        guard let sourceRange = attributes.value("sourceName", in: bytes) else {
            return .failure(Problem(reason: .missingField, message: "<\(element)> without sourceName"))
        }
        guard let source = sources.string(for: XMLBytes.slice(bytes, sourceRange), make: XMLText.decode) else {
            return .failure(Problem(reason: .badEncoding, message: "sourceName is not valid UTF-8"))
        }
        return .success((source, start, end))
    }

    /// Starts a `<Workout>`: everything but the energy from `<WorkoutStatistics>` children.
    mutating func startWorkout(_ attributes: XMLAttributes, _ bytes: UnsafeRawBufferPointer, line: Int) -> PendingWorkout {
        var workout = PendingWorkout(line: line)
        switch common(attributes, bytes, element: "Workout") {
        case .success(let interval):
            workout.source = interval.source
            workout.start = interval.start
            workout.end = interval.end
        case .failure(let problem):
            workout.problem = problem
            return workout
        }
        guard let activityRange = attributes.value("workoutActivityType", in: bytes) else {
            workout.problem = Problem(reason: .missingField, message: "<Workout> without workoutActivityType")
            return workout
        }
        guard let activity = activities.string(for: XMLBytes.slice(bytes, activityRange), make: Self.activityName) else {
            workout.problem = Problem(reason: .badEncoding, message: "workoutActivityType is not valid UTF-8")
            return workout
        }
        workout.activity = activity
        if let durationRange = attributes.value("duration", in: bytes) {
            guard let duration = ByteParsing.double(XMLBytes.slice(bytes, durationRange)) else {
                workout.problem = Problem(reason: .badNumber, message: "workout duration \"\(XMLBytes.text(bytes, durationRange))\" is not a number")
                return workout
            }
            let unit = attributes.value("durationUnit", in: bytes)
            guard let factor = unit.flatMap({ Self.minutesFactor(bytes, $0) }) else {
                let unitText = unit.map { XMLBytes.text(bytes, $0) } ?? ""
                workout.problem = Problem(reason: .badUnit, message: "unknown workout durationUnit \"\(unitText)\"")
                return workout
            }
            workout.minutes = duration * factor
        }
        if let energyRange = attributes.value("totalEnergyBurned", in: bytes) {
            switch Self.kilocalories(bytes, energyRange, attributes.value("totalEnergyBurnedUnit", in: bytes)) {
            case .success(let kilocalories): workout.attributeEnergy = kilocalories
            case .failure(let problem): workout.problem = problem
            }
        }
        return workout
    }

    /// Reads a `<WorkoutStatistics>` child; only the ActiveEnergyBurned one matters.
    func applyStatistics(_ attributes: XMLAttributes, _ bytes: UnsafeRawBufferPointer, to workout: inout PendingWorkout) {
        guard let type = attributes.value("type", in: bytes),
              XMLBytes.equals(bytes, type, "HKQuantityTypeIdentifierActiveEnergyBurned"),
              let sum = attributes.value("sum", in: bytes)
        else { return }
        switch Self.kilocalories(bytes, sum, attributes.value("unit", in: bytes)) {
        case .success(let kilocalories): workout.statisticsEnergy = kilocalories
        case .failure(let problem): if workout.problem == nil { workout.problem = problem }
        }
    }

    /// "HKWorkoutActivityTypeHighIntensityIntervalTraining" → "highIntensityIntervalTraining".
    static func activityName(_ raw: UnsafeRawBufferPointer) -> String? {
        guard var name = XMLText.decode(raw) else { return nil }
        let prefix = "HKWorkoutActivityType"
        if name.hasPrefix(prefix), name.count > prefix.count {
            name.removeFirst(prefix.count)
        }
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    private static func minutesFactor(_ bytes: UnsafeRawBufferPointer, _ unit: Range<Int>) -> Double? {
        if XMLBytes.equals(bytes, unit, "min") { return 1 }
        if XMLBytes.equals(bytes, unit, "s") { return 1.0 / 60 }
        if XMLBytes.equals(bytes, unit, "hr") { return 60 }
        return nil
    }

    private static func kilocalories(
        _ bytes: UnsafeRawBufferPointer, _ value: Range<Int>, _ unit: Range<Int>?
    ) -> Result<Double, Problem> {
        guard let number = ByteParsing.double(XMLBytes.slice(bytes, value)) else {
            return .failure(Problem(reason: .badNumber, message: "workout energy \"\(XMLBytes.text(bytes, value))\" is not a number"))
        }
        guard let unit else {
            return .failure(Problem(reason: .missingField, message: "workout energy without a unit"))
        }
        if XMLBytes.equals(bytes, unit, "kcal") || XMLBytes.equals(bytes, unit, "Cal") { return .success(number) }
        if XMLBytes.equals(bytes, unit, "kJ") { return .success(number / 4.184) }
        return .failure(Problem(reason: .badUnit, message: "unknown energy unit \"\(XMLBytes.text(bytes, unit))\""))
    }
}
