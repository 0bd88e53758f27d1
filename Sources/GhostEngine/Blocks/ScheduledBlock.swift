import Foundation

/// A workout block the ghost wrote or proposed, and what became of it.
public struct ScheduledBlock: Codable, Sendable, Equatable {
    /// How the block came to exist.
    public enum Origin: String, Codable, Sendable {
        /// The ghost wrote it itself.
        case auto
        /// The ghost proposed it.
        case proposal
    }

    /// What became of the block.
    public enum Status: String, Codable, Sendable {
        /// Proposed, awaiting the user's answer.
        case proposed
        /// On the calendar (written by the ghost or accepted by the user).
        case scheduled
        /// The user declined the proposal.
        case declined
        /// The user deleted it, or the ghost removed it.
        case removed
        /// A workout was detected in it.
        case completed
        /// Its time passed with no workout.
        case missed
    }

    /// Stable identifier.
    public let id: BlockID
    /// Written by the ghost or proposed.
    public let origin: Origin
    public private(set) var start: Date
    public private(set) var durationMinutes: Int
    /// Local day and weekly slot of `start`.
    public private(set) var day: LocalDay
    /// Weekly slot of `start`.
    public private(set) var slot: SlotKey
    /// What became of it.
    public var status: Status
    /// The ghost's own change to it (shorter or removed), while it may be reverted and after.
    public internal(set) var transformation: BlockTransformation?

    /// Creates a block at `moment` (the local reading of its start).
    public init(id: BlockID, origin: Origin, start moment: Moment, durationMinutes: Int, status: Status) {
        self.id = id
        self.origin = origin
        self.start = moment.date
        self.durationMinutes = durationMinutes
        self.day = moment.day
        self.slot = SlotKey(moment)
        self.status = status
    }

    /// End instant.
    public var end: Date {
        start.addingTimeInterval(TimeInterval(durationMinutes * 60))
    }

    /// True when `date` falls inside the block.
    public func contains(_ date: Date) -> Bool {
        date >= start && date < end
    }

    /// Moves the block to a new start (given as its local reading) and length.
    public mutating func reschedule(to moment: Moment, durationMinutes: Int) {
        start = moment.date
        self.durationMinutes = durationMinutes
        day = moment.day
        slot = SlotKey(moment)
    }
}
