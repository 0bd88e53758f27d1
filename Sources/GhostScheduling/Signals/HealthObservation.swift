import CivilCalendar
import Foundation

/// One health sample as the morning rules read it (the daemon maps stored samples to these).
public struct HealthObservation: Sendable, Equatable {
    /// What was measured.
    public let kind: HealthKind
    /// The producer, for provenance.
    public let source: String
    public let start: Date
    public let end: Date
    /// Minutes (sleep, workout), ms (HRV), bpm (resting heart rate) or a count (steps).
    public let value: Double
    /// Sleep stage (`inBed`, `asleep`, `core`, `deep`, `rem`, `awake`) or workout activity.
    public let detail: String?

    /// Creates an observation.
    public init(kind: HealthKind, source: String, start: Date, end: Date, value: Double, detail: String? = nil) {
        self.kind = kind
        self.source = source
        self.start = start
        self.end = end
        self.value = value
        self.detail = detail
    }

    /// True for sleep segments that are actual sleep (not in bed awake).
    var isAsleep: Bool {
        kind == .sleep && ["asleep", "core", "deep", "rem"].contains(detail ?? "asleep")
    }
}
