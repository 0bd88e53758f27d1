#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One health sample in its kind's unit: sleep in minutes (end - start), HRV in milliseconds (SDNN), resting heart
/// rate in beats per minute, steps as a count, a workout's duration in minutes. What an importer reads, what the store
/// keeps (table `healthSample`; `(kind, source, start, end, value)` is unique, so importing twice adds nothing) and
/// what the morning rules and the absolution read.
public struct HealthSample: Sendable, Hashable, Codable {
    /// What was measured.
    public var kind: HealthKind
    /// The producer, e.g. Apple's sourceName "Tom’s Apple Watch", or the JSONL/CSV "source" field.
    public var source: String
    /// When the sample starts.
    public var start: Date
    /// When the sample ends (equal to `start` for point samples).
    public var end: Date
    /// The value in the kind's unit (see the type's documentation).
    public var value: Double
    /// Sleep: stage, one of "inBed", "asleep", "core", "deep", "rem", "awake"; workout: activity, e.g. "running".
    public var detail: String?
    /// Workouts only, when known: active energy in kilocalories.
    public var energyKilocalories: Double?

    /// Creates a sample; values are taken as given (the importers validate before creating one).
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

    /// True for sleep segments that are actual sleep (not in bed awake); a segment without a stage counts as asleep.
    public var isAsleep: Bool {
        kind == .sleep && ["asleep", "core", "deep", "rem"].contains(detail ?? "asleep")
    }
}
