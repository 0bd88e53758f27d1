import CivilCalendar
import Foundation

/// A workout the daemon saw: logged by the user or imported from a wearable's export.
public struct WorkoutReport: Codable, Sendable, Equatable {
    /// Stable identity from its source, so the same workout reported twice counts once.
    public let id: String
    /// When it started.
    public let start: Date
    /// When it ended.
    public let end: Date
    /// How sure the source is that this was training, 0…1 (1 when the user logged it).
    public let confidence: Double
    /// The device or app that measured it (`Apple Watch`, `Garmin`); nil when the user logged it by hand.
    public let source: String?
    /// The activity, e.g. `running`; nil when unknown (a hand log).
    public let activity: String?
    /// Energy burned, when the source measured it.
    public let energyKilocalories: Double?

    /// Creates a report; without `source` it is a hand log.
    public init(
        id: String, start: Date, end: Date, confidence: Double, source: String? = nil, activity: String? = nil,
        energyKilocalories: Double? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.confidence = confidence
        self.source = source
        self.activity = activity
        self.energyKilocalories = energyKilocalories
    }

    /// How sure we are that a workout a device recorded was training.
    public static let importedConfidence = 0.9

    /// The report of a workout the user logged by hand (`vigorctl workout`), as vigord hands it to the Ghost and the
    /// simulator's user logs it: its id `log:` and its start in seconds, so the same log sent twice counts once.
    public static func logged(start: Date, end: Date) -> WorkoutReport {
        WorkoutReport(id: "log:\(Int(start.timeIntervalSince1970))", start: start, end: end, confidence: 1)
    }

    /// The report of a workout a health file brought in (a wearable's record), as vigord's import hands it to the
    /// Ghost and the simulator's wearable does: the sample's times, source, activity and energy, `importedConfidence`.
    public init(imported workout: HealthSample, id: String) {
        self.init(
            id: id, start: workout.start, end: workout.end, confidence: Self.importedConfidence, source: workout.source,
            activity: workout.detail, energyKilocalories: workout.energyKilocalories)
    }

    /// How much the report knows, to keep the richer of two reports of one workout: measured start and end
    /// outweigh everything a hand log has (4), then a known activity (2), then measured energy (1).
    public var richness: Int {
        (source != nil ? 4 : 0) + (activity != nil ? 2 : 0) + (energyKilocalories != nil ? 1 : 0)
    }
}
