import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `transformation.answer`: the user keeps or reverts what the morning cycle changed in a block.
    func serveTransformationAnswer(_ params: TransformationAnswerMethod.Params) async throws -> BlockView {
        let block = try await backend.answerTransformation(block: BlockID(rawValue: params.block), kept: params.kept, at: context.now())
        return BlockView(block, zone: await backend.current().calendar.timeZone)
    }
}
