/// Numbers of the safety breaker.
public struct BreakerRules: Codable, Sendable, Equatable {
    /// Consecutive deletions of auto-scheduled blocks that trip the breaker.
    public var consecutiveDeletions = 3
    /// The trust score is capped at this value when the breaker fires.
    public var scoreCap = 0.5
    /// Phase the breaker drops to.
    public var dropTo = TrustPhase.scheduler

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = BreakerRules()
        consecutiveDeletions = try keys.value(.consecutiveDeletions, or: standard.consecutiveDeletions)
        scoreCap = try keys.value(.scoreCap, or: standard.scoreCap)
        dropTo = try keys.value(.dropTo, or: standard.dropTo)
    }
}
