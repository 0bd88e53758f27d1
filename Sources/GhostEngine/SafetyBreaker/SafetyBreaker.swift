/// Trips when the user deletes several auto-scheduled blocks in a row: the ghost is clearly scheduling badly.
/// Only counts in phases that write the calendar; a workout completed in a Ghost block proves the schedule works and
/// resets it (seed 2.1). A workout at another time does not: the user trains, but not when the Ghost plans.
public struct SafetyBreaker: Codable, Sendable, Equatable {
    /// Inputs to the breaker.
    public enum Event: Sendable, Equatable {
        /// The user deleted a block the ghost wrote by itself while the ghost was in `phase`.
        case autoBlockDeleted(in: TrustPhase)
        /// A workout was completed; `inGhostBlock` says whether it completed a block the Ghost placed.
        case workoutCompleted(inGhostBlock: Bool)
    }

    /// What the breaker decides.
    public enum Decision: Sendable, Equatable {
        case doNothing
        /// Drop to `to`, cap the score, apologise.
        case downgrade(to: TrustPhase)
    }

    /// What the ghost says when the breaker fires.
    public static let apology = "I've been scheduling at bad times. I'll suggest instead of auto-schedule for now."

    /// Deletions counted since the last reset.
    public private(set) var consecutiveDeletions: Int

    /// A breaker with the given count (zero for a new user).
    public init(consecutiveDeletions: Int = 0) {
        self.consecutiveDeletions = consecutiveDeletions
    }

    /// Applies one event.
    public mutating func handle(_ event: Event, rules: BreakerRules) -> Decision {
        switch event {
        case .workoutCompleted(let inGhostBlock):
            if inGhostBlock { consecutiveDeletions = 0 }
            return .doNothing
        case .autoBlockDeleted(let phase):
            guard phase >= .autoScheduler else { return .doNothing }
            consecutiveDeletions += 1
            guard consecutiveDeletions >= rules.consecutiveDeletions else { return .doNothing }
            consecutiveDeletions = 0
            return .downgrade(to: rules.dropTo)
        }
    }
}
