import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `proposal.answer`: the user accepts or declines a proposed block, or a move the Ghost proposed for one.
    func serveProposalAnswer(_ params: ProposalAnswerMethod.Params) async throws -> GhostStatus {
        let now = context.now()
        return GhostStatus(try await backend.answerProposal(block: BlockID(rawValue: params.block), accept: params.accept, at: now), now: now)
    }
}
