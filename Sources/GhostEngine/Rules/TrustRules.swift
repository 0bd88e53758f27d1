/// Numbers of the trust ladder: base deltas per event, ambiguity weights, phase requirements.
public struct TrustRules: Codable, Sendable, Equatable {
    /// Score a new user starts with.
    public var initialScore = 0.0
    /// Base delta: a workout was detected inside a ghost block.
    public var workoutCompleted = 0.02
    /// Attribution confidence for a workout outside any ghost block (the ghost only partly caused it).
    public var unplannedWorkoutConfidence = 0.5
    /// Base delta: the user accepted a proposal.
    public var proposalAccepted = 0.005
    /// Base delta: the user declined a proposal.
    public var proposalDeclined = -0.01
    /// Base delta: the user deleted a block the ghost wrote by itself.
    public var autoBlockDeleted = -0.03
    /// Base delta: the user moved a block the ghost wrote by itself.
    public var autoBlockMoved = -0.01
    /// Base delta: the user kept a transformation.
    public var transformationKept = 0.02
    /// Base delta: the user reverted a transformation.
    public var transformationReverted = -0.02
    /// Base delta: missed block, triaged as a bad time slot.
    public var missedBadTimeSlot = -0.01
    /// Base delta: missed block, life happened.
    public var missedLifeHappened = -0.005
    /// Base delta: missed block, felt unwell.
    public var missedFeltUnwell = -0.005
    /// Base delta: missed block, reason unknown (before the ambiguity weight).
    public var missedUnknown = -0.01
    /// Ambiguity weight for an unknown miss reason.
    public var unknownAmbiguityWeight = 0.5
    /// Requirement to enter Scheduler.
    public var toScheduler = PhaseRequirement(minScore: 0.05, minDaysInPreviousPhase: 7, minHealthConfidence: 0.3)
    /// Requirement to enter Auto-Scheduler.
    public var toAutoScheduler = PhaseRequirement(minScore: 0.2, minDaysInPreviousPhase: 7, minHealthConfidence: 0.5)
    /// Requirement to enter Transformer.
    public var toTransformer = PhaseRequirement(minScore: 0.4, minDaysInPreviousPhase: 10, minHealthConfidence: 0.6)
    /// Requirement to enter Full Ghost.
    public var toFullGhost = PhaseRequirement(minScore: 0.65, minDaysInPreviousPhase: 14, minHealthConfidence: 0.85)
    /// A phase is left downwards only when the score falls this far below its entry score.
    public var demotionHysteresis = 0.1
    /// Base of the autonomous-action threshold; the threshold is this divided by health confidence.
    public var autonomousActionBaseThreshold = 0.3

    /// Creates the documented defaults.
    public init() {}

    /// The requirement for entering `phase`; nil for Observer, which is never entered by advancement.
    public func requirement(toEnter phase: TrustPhase) -> PhaseRequirement? {
        switch phase {
        case .observer: nil
        case .scheduler: toScheduler
        case .autoScheduler: toAutoScheduler
        case .transformer: toTransformer
        case .fullGhost: toFullGhost
        }
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = TrustRules()
        initialScore = try keys.value(.initialScore, or: standard.initialScore)
        workoutCompleted = try keys.value(.workoutCompleted, or: standard.workoutCompleted)
        unplannedWorkoutConfidence = try keys.value(.unplannedWorkoutConfidence, or: standard.unplannedWorkoutConfidence)
        proposalAccepted = try keys.value(.proposalAccepted, or: standard.proposalAccepted)
        proposalDeclined = try keys.value(.proposalDeclined, or: standard.proposalDeclined)
        autoBlockDeleted = try keys.value(.autoBlockDeleted, or: standard.autoBlockDeleted)
        autoBlockMoved = try keys.value(.autoBlockMoved, or: standard.autoBlockMoved)
        transformationKept = try keys.value(.transformationKept, or: standard.transformationKept)
        transformationReverted = try keys.value(.transformationReverted, or: standard.transformationReverted)
        missedBadTimeSlot = try keys.value(.missedBadTimeSlot, or: standard.missedBadTimeSlot)
        missedLifeHappened = try keys.value(.missedLifeHappened, or: standard.missedLifeHappened)
        missedFeltUnwell = try keys.value(.missedFeltUnwell, or: standard.missedFeltUnwell)
        missedUnknown = try keys.value(.missedUnknown, or: standard.missedUnknown)
        unknownAmbiguityWeight = try keys.value(.unknownAmbiguityWeight, or: standard.unknownAmbiguityWeight)
        toScheduler = try keys.value(.toScheduler, or: standard.toScheduler)
        toAutoScheduler = try keys.value(.toAutoScheduler, or: standard.toAutoScheduler)
        toTransformer = try keys.value(.toTransformer, or: standard.toTransformer)
        toFullGhost = try keys.value(.toFullGhost, or: standard.toFullGhost)
        demotionHysteresis = try keys.value(.demotionHysteresis, or: standard.demotionHysteresis)
        autonomousActionBaseThreshold = try keys.value(
            .autonomousActionBaseThreshold, or: standard.autonomousActionBaseThreshold)
    }
}
