import Foundation
import GhostEngine
import GhostScheduling

extension GhostBackend {
    /// Why a block was missed.
    public func answerTriage(block: BlockID, reason: MissReason, at now: Date) async throws -> Ghost {
        try await decide(.triageAnswered(block, reason), at: now)
        return await ghost.current
    }

    /// The user accepts or declines a proposed block, or a move the Ghost proposed for one. Declining a block the user
    /// accepted (alone, or with the week's "Hold these") before it begins takes the yes back, as deleting it from the
    /// calendar does (a late decline); a session accepted with the week is then released, so no evening writes it again.
    public func answerProposal(block: BlockID, accept: Bool, at now: Date) async throws -> Ghost {
        let current = await ghost.current.block(block)
        if current?.proposedMove != nil {
            try await decide(.moveAnswered(block, accepted: accept), at: now)
        } else if !accept, let accepted = current, accepted.status == .scheduled, accepted.origin == .proposal, accepted.start > now {
            try await decide(.acceptedBlockDeleted(block), at: now)
            if await output.holds.book.acceptance?.sessions.contains(where: { $0.day == accepted.day }) == true {
                _ = try await hold(days: [accepted.day], release: true, at: now)
            }
        } else {
            try await decide(.proposalAnswered(block, accepted: accept), at: now)
        }
        return await ghost.current
    }

    /// The user keeps or reverts what the morning cycle changed in a block; returns the block as it stands.
    public func answerTransformation(block: BlockID, kept: Bool, at now: Date) async throws -> ScheduledBlock {
        try await decide(.transformationOutcome(block, kept: kept), at: now)
        guard let answered = await ghost.current.block(block) else { throw BackendError.blockNotInLedger(block.rawValue) }
        return answered
    }

    /// Answers `message` with its action `actionID` (a desktop button), as the action's command would: the same
    /// intent, so the same engine event and the same receipts. Unknown actions are refused.
    public func answer(_ message: GhostMessage, action actionID: String, at now: Date) async throws {
        guard let answer = message.answer(to: actionID) else {
            throw BackendError.noSuchAction(message: message.key, action: actionID)
        }
        switch answer {
        case .checkIn(let sleptWell):
            _ = try await checkIn(sleptMinutes: nil, felt: sleptWell ? .good : .tired, at: now)
        case .workout(let id, let correct):
            _ = correct ? try await confirmWorkout(id, at: now) : try await undoWorkout(id, at: now)
        case .holdWeek:
            let zone = await state.config.schedule.zone
            _ = try await hold(days: try HoldDayName.days("week", after: LocalCalendar(timeZone: zone).day(of: now)), release: false, wholeWeek: true, at: now)
        case .planSessions(let count):
            _ = try await agreeSessions(count, at: now)
        case .proposal(let accepted):
            _ = try await answerProposal(block: try block(of: message, actionID), accept: accepted, at: now)
        case .triage(let reason):
            _ = try await answerTriage(block: try block(of: message, actionID), reason: reason, at: now)
        case .transformation(let kept):
            _ = try await answerTransformation(block: try block(of: message, actionID), kept: kept, at: now)
        }
    }

    private func block(of message: GhostMessage, _ actionID: String) throws(BackendError) -> BlockID {
        guard let block = message.block else { throw .noSuchAction(message: message.key, action: actionID) }
        return block
    }

    /// The user pins a trust phase, or hands the choice back to the engine (nil).
    public func setTrust(_ phase: TrustPhase?, at now: Date) async throws -> Ghost {
        let event: GhostEvent = phase.map { .manualPhaseChange(to: $0) } ?? .releaseManualPin
        try await decide(event, at: now)
        return await ghost.current
    }
}
