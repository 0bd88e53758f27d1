import CivilCalendar
import Foundation

/// A workout the ghost counted, and what it did with it, so the user can say "that was wrong".
/// The same workout reported twice (logged by hand, then imported) is one counted entry; the other
/// report is kept beside it with `countedAs` naming the entry that counts.
public struct RecordedWorkout: Codable, Sendable, Equatable {
    /// The report's identity.
    public let id: String
    /// When it started and ended.
    public let start: Date
    public let end: Date
    /// The local day it started.
    public let day: LocalDay
    /// The block it completed, if any.
    public let completedBlock: BlockID?
    /// The completed block's status before (scheduled, or missed with the question still open).
    public let blockStatusBefore: ScheduledBlock.Status?
    /// True once the user undid it.
    public internal(set) var undone: Bool
    /// The device or app that measured it; nil for a hand log.
    public var source: String? = nil
    /// The activity, when known.
    public var activity: String? = nil
    /// Energy burned, when measured.
    public var energyKilocalories: Double? = nil
    /// How sure its source was that this was training (nil in state saved before it was kept: 1).
    public var confidence: Double? = nil
    /// Set when this report is a second report of a workout counted as the entry with this id: it earned
    /// nothing and completed nothing itself.
    public internal(set) var countedAs: String? = nil
    /// True once the user said the workout was right (the Correct of its confirmation).
    public internal(set) var confirmed: Bool? = nil

    /// True when this entry is the one that counts for its workout.
    public var counts: Bool { !undone && countedAs == nil }

    /// The report's richness (see `WorkoutReport.richness`).
    var richness: Int {
        WorkoutReport(id: id, start: start, end: end, confidence: 1, source: source, activity: activity,
                      energyKilocalories: energyKilocalories).richness
    }
}
