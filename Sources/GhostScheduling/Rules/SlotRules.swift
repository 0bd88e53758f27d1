import GhostEngine

/// Numbers of the slot finder: candidate grid, score weights, week search and "move later".
public struct SlotRules: Codable, Sendable, Equatable {
    /// Candidate starts are tried every this many minutes from the earliest time.
    public var stepMinutes = 15
    /// Weight of "inside a preferred window" in a slot's score.
    public var preferredWindowWeight = 0.5
    /// Weight of the learned completion rate of the slot's weekday+hour.
    public var learnedPreferenceWeight = 0.3
    /// Weight of 1 − the day's predicted skip probability.
    public var attendanceWeight = 0.2
    /// The preferred-window factor of a slot inside a configured preferred window but outside the user's own hours
    /// (`PlanFollowing.OwnHours`), while they show: the configured hours still pull, the hours the user trains at more.
    public var configuredBesideOwnHours = 0.8
    /// Value used for a factor nothing is known about (no preferred windows, no history, no prediction).
    public var neutralFactor = 0.5
    /// Alternatives kept per block for its receipt.
    public var alternativesKept = 3
    /// Longest planning horizon in days (the week search enumerates day subsets).
    public var maxHorizonDays = 14
    /// Days after a conflicted block's day that "move later" searches.
    public var moveSearchDays = 7

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = SlotRules()
        stepMinutes = try keys.value(.stepMinutes, or: standard.stepMinutes)
        preferredWindowWeight = try keys.value(.preferredWindowWeight, or: standard.preferredWindowWeight)
        learnedPreferenceWeight = try keys.value(.learnedPreferenceWeight, or: standard.learnedPreferenceWeight)
        attendanceWeight = try keys.value(.attendanceWeight, or: standard.attendanceWeight)
        configuredBesideOwnHours = try keys.value(.configuredBesideOwnHours, or: standard.configuredBesideOwnHours)
        neutralFactor = try keys.value(.neutralFactor, or: standard.neutralFactor)
        alternativesKept = try keys.value(.alternativesKept, or: standard.alternativesKept)
        maxHorizonDays = try keys.value(.maxHorizonDays, or: standard.maxHorizonDays)
        moveSearchDays = try keys.value(.moveSearchDays, or: standard.moveSearchDays)
    }
}
