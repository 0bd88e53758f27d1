import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `triage.list`: the questions about missed blocks that wait for an answer.
    func serveTriageList(_: NoParams) async throws -> TriageListMethod.Result {
        let now = context.now()
        let snapshot = await backend.snapshot(at: now)
        let plan = PlanStatus(
            ghost: snapshot.ghost, zone: await backend.zone(), now: now, lastBreakerFiredAt: snapshot.lastBreakerFiredAt)
        return TriageListMethod.Result(pending: plan.pendingTriage)
    }

    /// `triage.answer`: why a block was missed.
    func serveTriageAnswer(_ params: TriageAnswerMethod.Params) async throws -> GhostStatus {
        guard let reason = MissReason(rawValue: params.reason) else {
            throw APIError.invalidParams("field 'reason' must be one of \(TriageAnswerMethod.reasons.joined(separator: ", "))")
        }
        let now = context.now()
        return GhostStatus(try await backend.answerTriage(block: BlockID(rawValue: params.block), reason: reason, at: now), now: now)
    }
}
