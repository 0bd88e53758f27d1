import CivilCalendar
import Foundation

/// One normalised health sample. Units: sleep = minutes (end - start), hrv = milliseconds (SDNN),
/// restingHeartRate = beats per minute, steps = count, workout = duration minutes.
public struct HealthRecord: Sendable, Equatable, Hashable, Codable {
    /// What was measured.
    public var kind: HealthKind
    /// The producer, e.g. Apple's sourceName "Tom’s Apple Watch", or the JSONL/CSV "source" field.
    public var source: String
    /// When the sample starts.
    public var start: Date
    /// When the sample ends (equal to `start` for point samples).
    public var end: Date
    /// The value in the kind's canonical unit (see the type's documentation).
    public var value: Double
    /// Sleep: stage, one of "inBed", "asleep", "core", "deep", "rem", "awake"; workout: activity, e.g. "running".
    public var detail: String?
    /// Workouts only, when known: active energy in kilocalories.
    public var energyKilocalories: Double?

    /// Creates a record; values are taken as given (the importers validate before creating one).
    public init(
        kind: HealthKind, source: String, start: Date, end: Date, value: Double,
        detail: String? = nil, energyKilocalories: Double? = nil
    ) {
        self.kind = kind
        self.source = source
        self.start = start
        self.end = end
        self.value = value
        self.detail = detail
        self.energyKilocalories = energyKilocalories
    }
}
