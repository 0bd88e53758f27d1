import Foundation

/// Why a trust phase changed.
public enum PhaseChangeCause: String, Codable, Sendable, Equatable {
    /// Score, days in phase and health confidence were all enough.
    case advanced
    /// The score fell below the phase's entry score minus the hysteresis.
    case demoted
    /// The user moved the ghost up or down by hand.
    case manual
    /// The safety breaker fired.
    case breaker
}

/// A recorded change of trust phase.
public struct PhaseChange: Codable, Sendable, Equatable {
    /// Phase before.
    public let from: TrustPhase
    /// Phase after.
    public let to: TrustPhase
    /// Why.
    public let cause: PhaseChangeCause
    /// Score at the change.
    public let score: Double
    /// When.
    public let at: Date

    /// Creates a record.
    public init(from: TrustPhase, to: TrustPhase, cause: PhaseChangeCause, score: Double, at: Date) {
        self.from = from
        self.to = to
        self.cause = cause
        self.score = score
        self.at = at
    }
}
