import CivilCalendar
import Foundation

/// How the ghost may change an existing block on its own (Transformer and Full Ghost).
public enum BlockAdjustment: Codable, Sendable, Equatable {
    /// Change the block's length (for example a lighter session on a poor-sleep morning). Needs `canTransform`.
    case transform(durationMinutes: Int)
    /// Remove the block (for example on a sick morning). Needs `canTransform`.
    case remove
    /// Move the block to a new start because of a conflict. Needs `canMove`.
    case move(to: Date)
}

/// Everything the daemon tells the ghost. Each is handled by `Ghost.handle(_:now:)`.
public enum GhostEvent: Sendable, Equatable {
    /// The slot finder offers `candidate` (and ranked `alternatives`) for a workout.
    case placementRequested(BlockCandidate, alternatives: [BlockCandidate])
    /// The slot finder's best time is a session the user accepted with the week at `acceptedAt` (the weekly question's
    /// yes): a Scheduler writes it as their accepted block, without asking again; another phase places it with its
    /// `alternatives` as `placementRequested` does.
    case acceptedSessionPlaced(BlockCandidate, alternatives: [BlockCandidate], acceptedAt: Date)
    /// The evening cycle placed no block on `day`, the Ghost keeps a receipt saying why: `reason` when the plan has
    /// a more exact sentence than the kind's own (a full week's counts), else the kind's sentence.
    case dayLeftEmpty(LocalDay, DayWithoutBlock, reason: String? = nil)
    /// The user accepted or declined a proposal.
    case proposalAnswered(BlockID, accepted: Bool)
    /// The user deleted an auto-scheduled block.
    case autoBlockDeleted(BlockID)
    /// The user deleted a block they had accepted: they took their yes back (no breaker: the ghost did not write it on its own).
    case acceptedBlockDeleted(BlockID)
    /// The user moved an auto-scheduled block to `to`.
    case autoBlockMoved(BlockID, to: Date)
    /// A workout was detected at `at` with detection confidence 0…1.
    case workoutDetected(at: Date, confidence: Double)
    /// A workout with a start and end was logged or imported; counted once per id.
    case workoutRecorded(WorkoutReport)
    /// The user said the workout with that id (default: the last) was wrong.
    case workoutUndone(id: String?)
    /// The user said the counted workout with that id was right: nothing changes but the question.
    case workoutConfirmed(id: String)
    /// Periodic check: blocks whose time passed become missed; unanswered questions expire.
    case tick
    /// The user answered the triage question about a block.
    case triageAnswered(BlockID, MissReason)
    /// The user freed a sacred slot.
    case clearSacredSlot(SlotKey)
    /// A morning signal or conflict suggests changing a block; `confidence` 0…1 in the change. `rule`
    /// names what asked, so the user's reverts are counted per rule.
    case adjustmentRequested(BlockID, BlockAdjustment, confidence: Double, reason: String, rule: String? = nil)
    /// The user kept or reverted the ghost's transformation of a block; a revert restores the block.
    case transformationOutcome(BlockID, kept: Bool)
    /// A local day ended; `signalCoverage` is the fraction of expected health signals received that day,
    /// `checkedIn` whether the user checked in that morning (a self-report of sleep and feeling).
    case dayClosed(LocalDay, signalCoverage: Double, checkedIn: Bool = false)
    /// vigord read how many past days (at most 90) its calendars and health data cover: an Observer counts them
    /// towards its week of watching, so a user with four weeks of readable history starts as a Scheduler.
    case historyRead(days: Int)
    /// The user moved the ghost to a phase by hand.
    case manualPhaseChange(to: TrustPhase)
    /// The user hands the phase back to automatic progression.
    case releaseManualPin
    /// A background cycle finished successfully.
    case backgroundSucceeded
    /// A background cycle failed.
    case backgroundFailed(GhostFailure)
    /// The week changed under a block (a meeting landed on it, a travel day was set): move it, propose a
    /// move, remove it or only note it, as the trust phase allows.
    case conflictFound(BlockConflict)
    /// The user accepted or declined the move the Ghost proposed for a block.
    case moveAnswered(BlockID, accepted: Bool)
    /// The user pressed the red button: recovery time runs until `until`. The blocks inside it are withdrawn;
    /// the rest of the week stays.
    case emergencyClear(reason: String, until: Date)
    /// The user's profile now rules out a coming block's kind (an injury or equipment changed): it becomes `to`, or,
    /// with no kind open, leaves the calendar. `ruledOut` says what ruled the old kind out, in words
    /// ("run (your injury 'left knee')").
    case sessionKindRevised(BlockID, to: SessionKind?, ruledOut: String)
}
