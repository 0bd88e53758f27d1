import Foundation

/// A block that the week changed under: busy time, sacred time, a travel day or an unknown day now
/// covers it. The daemon finds conflicts and where "move later" would put the block; the Ghost decides
/// what its trust allows.
public struct BlockConflict: Codable, Sendable, Equatable {
    /// The block in conflict.
    public var block: BlockID
    /// What now covers it, in the user's words, e.g. "'Board meeting' (work) now covers 07:00–08:00".
    public var cause: String
    /// Where the block would go (the nearest later start that day, else the best slot of the next usable
    /// day); nil when nothing is free within the search days.
    public var target: Date?

    /// Creates a conflict.
    public init(block: BlockID, cause: String, target: Date?) {
        self.block = block
        self.cause = cause
        self.target = target
    }
}
