/// What the engine needs before it climbs into a trust phase on its own.
public struct PhaseRequirement: Codable, Sendable, Equatable {
    /// Trust score at or above which the phase may be entered.
    public var minScore: Double
    /// Full local days that must have passed in the phase below.
    public var minDaysInPreviousPhase: Int
    /// Health-profile confidence at or above which the phase may be entered.
    public var minHealthConfidence: Double

    /// Creates a requirement.
    public init(minScore: Double, minDaysInPreviousPhase: Int, minHealthConfidence: Double) {
        self.minScore = minScore
        self.minDaysInPreviousPhase = minDaysInPreviousPhase
        self.minHealthConfidence = minHealthConfidence
    }
}
