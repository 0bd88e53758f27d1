import Foundation

/// A change the user made to a Vigor block outside vigord (khal, phone via vdirsyncer).
public struct BlockChange: Sendable, Hashable, Codable {
    /// What happened to the block.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// File removed (or the event set to STATUS:CANCELLED).
        case deleted
        /// Start or end changed.
        case moved
        /// Times unchanged, other content (title, description, …) changed.
        case edited
    }

    /// The engine's block id (`VigorBlock.id`).
    public var blockID: String
    /// The UID the block was written under: a change belongs to the block only while it still has this UID.
    public var uid: String
    public var kind: Kind
    /// Times as vigord last wrote or saw them.
    public var oldStart: Date
    public var oldEnd: Date
    /// New times; nil for `deleted`.
    public var newStart: Date?
    public var newEnd: Date?
    /// SUMMARY after the edit; nil for `deleted`.
    public var newTitle: String?

    public init(blockID: String, uid: String, kind: Kind, oldStart: Date, oldEnd: Date, newStart: Date? = nil,
                newEnd: Date? = nil, newTitle: String? = nil) {
        self.blockID = blockID
        self.uid = uid
        self.kind = kind
        self.oldStart = oldStart
        self.oldEnd = oldEnd
        self.newStart = newStart
        self.newEnd = newEnd
        self.newTitle = newTitle
    }
}
