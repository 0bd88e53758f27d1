import Foundation

/// The record of one score change: which signal, its base delta, the weights, and the result.
/// Kept so the user (and tests) can see exactly why the score moved.
public struct TrustAttribution: Codable, Sendable, Equatable {
    /// What happened.
    public let signal: TrustSignal
    /// Base delta from the rules.
    public let baseDelta: Double
    /// Confidence the observation is real and caused by the ghost, 0…1.
    public let confidence: Double
    /// Ambiguity weight, 0…1.
    public let ambiguityWeight: Double
    /// base × confidence × ambiguity.
    public let appliedDelta: Double
    /// Score before.
    public let scoreBefore: Double
    /// Score after clamping to 0…1.
    public let scoreAfter: Double
    /// When.
    public let at: Date

    /// Creates a record; normally made by `TrustLadder`.
    public init(
        signal: TrustSignal, baseDelta: Double, confidence: Double, ambiguityWeight: Double,
        appliedDelta: Double, scoreBefore: Double, scoreAfter: Double, at: Date
    ) {
        self.signal = signal
        self.baseDelta = baseDelta
        self.confidence = confidence
        self.ambiguityWeight = ambiguityWeight
        self.appliedDelta = appliedDelta
        self.scoreBefore = scoreBefore
        self.scoreAfter = scoreAfter
        self.at = at
    }
}
