import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `trust.set`: the user pins a trust phase, or hands the choice back to the engine (`auto`).
    func serveTrustSet(_ params: TrustSetMethod.Params) async throws -> GhostStatus {
        let event: GhostEvent
        if params.phase == "auto" {
            event = .releaseManualPin
        } else if let phase = TrustPhase(rawValue: params.phase) {
            event = .manualPhaseChange(to: phase)
        } else {
            throw APIError.invalidParams("field 'phase' must be one of \((TrustPhaseName.all + ["auto"]).joined(separator: ", "))")
        }
        try await perform(event, now: context.now())
        return GhostStatus(await context.ghost.current, now: context.now())
    }

    /// `receipts.list`: the newest decision receipts, optionally those naming one block.
    func serveReceiptsList(_ params: ReceiptsListMethod.Params) async throws -> ReceiptsListMethod.Result {
        let limit = params.limit ?? 10
        guard (1...200).contains(limit) else {
            throw APIError.invalidParams("field 'limit' must be between 1 and 200")
        }
        let zone = await zone()
        // A factor at the slot finder's neutral value (what it scores when nothing is known) neither helped nor hurt.
        let neutral = await context.state.config.schedulingRules.slots.neutralFactor
        // A block's receipts name it among their inputs (`block=b7`).
        let stored = try context.database.recentReceipts(limit: params.block == nil ? limit : 1000)
        let receipts = try stored.map { try JSONDecoder().decode(DecisionReceipt.self, from: $0.body) }
            .filter { receipt in params.block.map { block in receipt.inputs.contains { $0.name == "block" && $0.value == block } } ?? true }
            .prefix(limit)
        return ReceiptsListMethod.Result(receipts: receipts.map { ReceiptView($0, zone: zone, neutral: neutral) })
    }
}
