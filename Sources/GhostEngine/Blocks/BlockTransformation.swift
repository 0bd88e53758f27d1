import Foundation

/// What the ghost changed on its own about a block (a shorter session, or the block removed),
/// remembered so the user can revert it and the rule can learn from the answer.
public struct BlockTransformation: Codable, Sendable, Equatable {
    /// The user's answer to the change.
    public enum Answer: String, Codable, Sendable {
        /// Kept: said so, or let the block's time pass without reverting.
        case kept
        /// Reverted: the block is back as it was.
        case reverted
    }

    /// The rule that made the change (e.g. `shortSleep`); `manual` when none was named.
    public let rule: String
    /// The block's length before the change.
    public let originalDurationMinutes: Int
    /// True when the change removed the block.
    public let removedBlock: Bool
    /// When the change was made.
    public let at: Date
    /// The user's answer; nil while it may still be reverted.
    public internal(set) var answer: Answer?

    /// Creates an unanswered change.
    public init(rule: String, originalDurationMinutes: Int, removedBlock: Bool, at: Date, answer: Answer? = nil) {
        self.rule = rule
        self.originalDurationMinutes = originalDurationMinutes
        self.removedBlock = removedBlock
        self.at = at
        self.answer = answer
    }
}

/// How often the user kept and reverted one rule's changes, kept for good (the block ledger is pruned).
public struct TransformationTally: Codable, Sendable, Equatable {
    /// The rule's name.
    public let rule: String
    /// Changes kept.
    public internal(set) var kept: Int
    /// Changes reverted.
    public internal(set) var reverted: Int

    /// Creates a tally.
    public init(rule: String, kept: Int = 0, reverted: Int = 0) {
        self.rule = rule
        self.kept = kept
        self.reverted = reverted
    }
}
