import CivilCalendar
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
        /// A proposal nobody answered before its start: ignored, which is not a decline.
        case expired
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
    /// The user moved it by hand: the ghost never moves it again.
    public internal(set) var pinned: Bool
    /// A move the ghost proposed because of a conflict, awaiting the user's answer.
    public internal(set) var proposedMove: Date?
    /// The local days on which the ghost moved it because of a conflict, one entry per move.
    public internal(set) var conflictMoves: [LocalDay]
    /// The last conflict the ghost answered without moving the block (noted, or a move proposed), so the same
    /// picture of the week seen again changes nothing and leaves no second receipt.
    public internal(set) var answeredConflict: BlockConflict?
    /// What the session is for; nil for a block placed before sessions had kinds. Changed only when the user's profile
    /// comes to rule it out.
    public internal(set) var kind: SessionKind?

    /// Creates a block at `moment` (the local reading of its start).
    public init(id: BlockID, origin: Origin, start moment: Moment, durationMinutes: Int, status: Status, kind: SessionKind? = nil) {
        self.id = id
        self.origin = origin
        self.start = moment.date
        self.durationMinutes = durationMinutes
        self.day = moment.day
        self.slot = SlotKey(moment)
        self.status = status
        pinned = false
        proposedMove = nil
        conflictMoves = []
        answeredConflict = nil
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case id, origin, start, durationMinutes, day, slot, status, transformation, pinned, proposedMove, conflictMoves, answeredConflict
        case kind
    }

    /// Decodes saved state; blocks saved before conflicts were handled are unpinned and never moved, blocks saved before
    /// kinds have none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        id = try keys.decode(BlockID.self, forKey: .id)
        origin = try keys.decode(Origin.self, forKey: .origin)
        start = try keys.decode(Date.self, forKey: .start)
        durationMinutes = try keys.decode(Int.self, forKey: .durationMinutes)
        day = try keys.decode(LocalDay.self, forKey: .day)
        slot = try keys.decode(SlotKey.self, forKey: .slot)
        status = try keys.decode(Status.self, forKey: .status)
        transformation = try keys.decodeIfPresent(BlockTransformation.self, forKey: .transformation)
        pinned = try keys.value(.pinned, or: false)
        proposedMove = try keys.decodeIfPresent(Date.self, forKey: .proposedMove)
        conflictMoves = try keys.value(.conflictMoves, or: [])
        answeredConflict = try keys.decodeIfPresent(BlockConflict.self, forKey: .answeredConflict)
        kind = try keys.decodeIfPresent(SessionKind.self, forKey: .kind)
    }

    /// A block of `origin` (any, when nil) and `status` in the user's words, for messages: "a proposal you declined".
    public static func words(origin: Origin?, status: Status) -> String {
        switch status {
        case .proposed: "a proposal waiting for your answer"
        case .scheduled:
            switch origin {
            case .auto?: "a block I placed on your calendar"
            case .proposal?: "a block you accepted"
            case nil: "a block on your calendar"
            }
        case .declined: "a proposal you declined"
        case .removed: "a block taken off your calendar"
        case .completed: "a session you did"
        case .missed: "a session whose time passed"
        case .expired: "a proposal that expired unanswered"
        }
    }

    /// The rules that turn a session into a recovery walk (the morning's `hrvCrash`, and `feltTired` when the user
    /// takes the suggestion).
    public static let walkRules: Set<String> = [TransformationRule.hrvCrash.rawValue, TransformationRule.feltTired.rawValue]

    /// What the session is now: a walk while a walk rule's change to it stands, else its kind.
    public var currentKind: SessionKind? {
        if let change = transformation, !change.removedBlock, change.answer != .reverted, Self.walkRules.contains(change.rule) {
            return .walk
        }
        return kind
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
        answeredConflict = nil
        start = moment.date
        self.durationMinutes = durationMinutes
        day = moment.day
        slot = SlotKey(moment)
    }
}
