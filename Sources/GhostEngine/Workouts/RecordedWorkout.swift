import Foundation

/// A workout the ghost counted, and what it did with it, so the user can say "that was wrong".
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
}
