import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `triage.list`: the questions about missed blocks that wait for an answer.
    func serveTriageList(_: NoParams) async throws -> TriageListMethod.Result {
        let plan = PlanStatus(
            ghost: await context.ghost.current, zone: await zone(), now: context.now(),
            lastBreakerFiredAt: await context.ghost.lastBreakerFiredAt)
        return TriageListMethod.Result(pending: plan.pendingTriage)
    }

    /// `inbox.list`: what the Ghost wanted to say, newest first.
    func serveInboxList(_: NoParams) async throws -> InboxListMethod.Result {
        let zone = await zone()
        return InboxListMethod.Result(entries: await context.notifications.inbox.map { entry in
            InboxEntryView(
                key: entry.message.key, kind: entry.message.kind.rawValue, title: entry.message.title, body: entry.message.body,
                actions: entry.message.actions.map { InboxEntryView.Action(id: $0.id, label: $0.label, command: $0.command) },
                state: entry.state.rawValue, reason: entry.reason, firstSeen: RPCTimestamp(entry.firstSeen, in: zone),
                decidedAt: RPCTimestamp(entry.decidedAt, in: zone))
        })
    }

    /// `triage.answer`: why a block was missed.
    func serveTriageAnswer(_ params: TriageAnswerMethod.Params) async throws -> GhostStatus {
        guard let reason = MissReason(rawValue: params.reason) else {
            throw APIError.invalidParams("field 'reason' must be one of \(TriageAnswerMethod.reasons.joined(separator: ", "))")
        }
        try await perform(.triageAnswered(BlockID(rawValue: params.block), reason), now: context.now())
        return GhostStatus(await context.ghost.current, now: context.now())
    }

    /// `proposal.answer`: the user accepts or declines a proposed block, or a move the Ghost proposed for one.
    func serveProposalAnswer(_ params: ProposalAnswerMethod.Params) async throws -> GhostStatus {
        let now = context.now()
        let id = BlockID(rawValue: params.block)
        if await context.ghost.current.block(id)?.proposedMove != nil {
            try await perform(.moveAnswered(id, accepted: params.accept), now: now)
        } else {
            try await perform(.proposalAnswered(id, accepted: params.accept), now: now)
        }
        try await publish(now: now)
        return GhostStatus(await context.ghost.current, now: context.now())
    }

    /// `transformation.answer`: the user keeps or reverts what the morning cycle changed in a block.
    func serveTransformationAnswer(_ params: TransformationAnswerMethod.Params) async throws -> BlockView {
        let now = context.now()
        let id = BlockID(rawValue: params.block)
        try await perform(.transformationOutcome(id, kept: params.kept), now: now)
        try await publish(now: now)
        let ghost = await context.ghost.current
        guard let block = ghost.block(id) else {
            throw RPCErrorObject(.engineRefused, "Refused by the engine: block \(params.block) is no longer in the ledger")
        }
        return BlockView(block, zone: ghost.calendar.timeZone)
    }
}

extension LocalAPI {
    /// Answers `message` with the action `actionID`, as if the user had typed the action's command: the same
    /// handler, so the same engine event and the same receipts. Unknown actions are refused.
    func answer(_ message: GhostMessage, action actionID: String) async throws {
        guard let answer = message.answer(to: actionID) else {
            throw APIError.invalidParams("the message '\(message.key)' has no action '\(actionID)'")
        }
        if case .checkIn(let sleptWell) = answer {
            _ = try await serveCheckIn(.init(felt: sleptWell ? .good : .tired))
            return
        }
        if case .workout(let id, let correct) = answer {
            _ = correct ? try await serveWorkoutConfirm(.init(workout: id)) : try await serveWorkoutUndo(.init(workout: id))
            return
        }
        guard let block = message.block?.rawValue else {
            throw APIError.invalidParams("the message '\(message.key)' has no action '\(actionID)'")
        }
        switch answer {
        case .checkIn, .workout:
            return
        case .proposal(let accepted):
            _ = try await serveProposalAnswer(.init(block: block, accept: accepted))
        case .triage(let reason):
            _ = try await serveTriageAnswer(.init(block: block, reason: reason.rawValue))
        case .transformation(let kept):
            _ = try await serveTransformationAnswer(.init(block: block, kept: kept))
        }
    }
}
