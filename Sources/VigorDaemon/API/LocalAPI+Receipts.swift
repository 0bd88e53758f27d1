import Foundation
import VigorRPC

extension LocalAPI {
    /// `receipts.list`: the newest decision receipts, optionally those naming one block.
    func serveReceiptsList(_ params: ReceiptsListMethod.Params) async throws -> ReceiptsListMethod.Result {
        let range = ReceiptsListMethod.limit
        let limit = params.limit ?? range.defaultValue
        guard range.allows(limit) else { throw APIError.invalidParams("field 'limit' must be \(range.allowed)") }
        let config = await backend.config()
        // A factor at the slot finder's neutral value (what it scores when nothing is known) neither helped nor hurt.
        let neutral = config.schedulingRules.slots.neutralFactor
        return ReceiptsListMethod.Result(
            receipts: try await backend.receipts(limit: limit, block: params.block).map {
                ReceiptView($0, zone: config.schedule.zone, neutral: neutral)
            })
    }
}
