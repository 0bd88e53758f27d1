import GhostEngine

/// Numbers of the morning block transformation.
public struct TransformationRules: Codable, Sendable, Equatable {
    /// HRV has crashed when it is more than this share below its 7-day baseline.
    public var hrvCrashMargin = 0.2
    /// Any block is removed when last night's sleep is below this many minutes.
    public var minimumSleepMinutes = 300
    /// Length of the recovery walk a heavy session becomes.
    public var recoveryWalkMinutes = 30
    /// Reverts of one rule's changes before the rule may fall back to suggesting.
    public var revertsBeforeSuggesting = 3
    /// The rule falls back to suggesting when its Beta(1, 1) revert rate exceeds this share.
    public var revertShareBeforeSuggesting = 0.5

    /// Creates the documented defaults.
    public init() {}

    /// A night shorter than `minimumSleepMinutes` is short: the morning removes the day's block, and the Ghost says
    /// nothing that day but an apology.
    public func isShortNight(sleptMinutes: Int) -> Bool {
        sleptMinutes < minimumSleepMinutes
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = TransformationRules()
        hrvCrashMargin = try keys.value(.hrvCrashMargin, or: standard.hrvCrashMargin)
        minimumSleepMinutes = try keys.value(.minimumSleepMinutes, or: standard.minimumSleepMinutes)
        recoveryWalkMinutes = try keys.value(.recoveryWalkMinutes, or: standard.recoveryWalkMinutes)
        revertsBeforeSuggesting = try keys.value(.revertsBeforeSuggesting, or: standard.revertsBeforeSuggesting)
        revertShareBeforeSuggesting = try keys.value(.revertShareBeforeSuggesting, or: standard.revertShareBeforeSuggesting)
    }
}
