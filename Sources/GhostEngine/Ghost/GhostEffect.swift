import Foundation

/// Why the ghost did not place a candidate.
public enum PlacementSkip: Codable, Sendable, Equatable {
    /// The ghost only observes in this phase or health mode.
    case observing
    /// Every offered slot is sacred.
    case sacredSlot(SlotKey)
}

/// What the ghost asks its owner to do or record. Returned as data; the daemon performs it.
public enum GhostEffect: Sendable, Equatable {
    /// Write this block to the calendar.
    case writeBlock(ScheduledBlock)
    /// Show this block to the user as a proposal.
    case proposeBlock(ScheduledBlock)
    /// Update this block on the calendar (transformed or moved).
    case updateBlock(ScheduledBlock)
    /// Ask the user whether to move this block to `to` (a conflict landed on it).
    case proposeMove(ScheduledBlock, to: Date)
    /// Remove this block from the calendar.
    case removeBlock(BlockID)
    /// No block placed, and why.
    case skippedPlacement(PlacementSkip)
    /// A requested adjustment was not made, with the reason in words.
    case adjustmentRefused(BlockID, String)
    /// Ask the user why the block was missed.
    case askTriage(BlockID)
    /// A missed block got its reason.
    case missResolved(BlockID, MissReason)
    /// A weekly slot will no longer be scheduled.
    case slotBecameSacred(SlotKey)
    /// A sacred slot was freed.
    case slotCleared(SlotKey)
    /// The trust score moved; the record says by how much and why.
    case trustAttributed(TrustAttribution)
    /// The trust phase changed.
    case phaseChanged(PhaseChange)
    /// The safety breaker dropped the ghost to this phase.
    case downgrade(to: TrustPhase)
    /// Tell the user this, verbatim.
    case apologise(String)
    /// The health-profile phase changed.
    case healthPhaseChanged(HealthProfile.Change)
    /// Ghost health changed; the record carries the sentence for the user.
    case ghostHealthChanged(GhostHealthChange)
    /// Store this receipt.
    case recordReceipt(DecisionReceipt)
}
