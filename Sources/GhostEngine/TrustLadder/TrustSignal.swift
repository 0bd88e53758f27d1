/// Something that happened which says how much the user trusts the ghost.
/// Each has a base delta in `TrustRules`; attribution scales it.
public enum TrustSignal: Codable, Sendable, Equatable {
    /// A workout was detected; `inGhostBlock` says whether it happened in a block the ghost placed.
    case workoutCompleted(inGhostBlock: Bool)
    case proposalAccepted
    case proposalDeclined
    case autoBlockDeleted
    case autoBlockMoved
    /// A block was missed and triaged with `reason`.
    case blockMissed(MissReason)
    case transformationKept
    /// The user said a counted workout was wrong; takes back what `workoutCompleted` gave.
    case workoutRetracted(inGhostBlock: Bool)
    case transformationReverted

    /// Base delta before confidence and ambiguity.
    public func baseDelta(_ rules: TrustRules) -> Double {
        switch self {
        case .workoutCompleted: rules.workoutCompleted
        case .proposalAccepted: rules.proposalAccepted
        case .proposalDeclined: rules.proposalDeclined
        case .autoBlockDeleted: rules.autoBlockDeleted
        case .autoBlockMoved: rules.autoBlockMoved
        case .blockMissed(.badTimeSlot): rules.missedBadTimeSlot
        case .blockMissed(.lifeHappened): rules.missedLifeHappened
        case .blockMissed(.feltUnwell): rules.missedFeltUnwell
        case .blockMissed(.unknown): rules.missedUnknown
        case .transformationKept: rules.transformationKept
        case .transformationReverted: rules.transformationReverted
        case .workoutRetracted: -rules.workoutCompleted
        }
    }

    /// How unambiguous the signal is: 1 when we know what it means, less when we are guessing.
    public func ambiguityWeight(_ rules: TrustRules) -> Double {
        self == .blockMissed(.unknown) ? rules.unknownAmbiguityWeight : 1.0
    }

    /// How sure we are the ghost caused it; a workout outside ghost blocks only partly counts.
    public func attributionConfidence(_ rules: TrustRules) -> Double {
        switch self {
        case .workoutCompleted(inGhostBlock: false), .workoutRetracted(inGhostBlock: false): rules.unplannedWorkoutConfidence
        default: 1.0
        }
    }
}
