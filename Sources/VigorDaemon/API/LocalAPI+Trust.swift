import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `trust.set`: the user pins a trust phase, or hands the choice back to the engine (`auto`).
    func serveTrustSet(_ params: TrustSetMethod.Params) async throws -> GhostStatus {
        let phase: TrustPhase?
        if params.phase == "auto" {
            phase = nil
        } else if let named = TrustPhase(rawValue: params.phase) {
            phase = named
        } else {
            throw APIError.invalidParams("field 'phase' must be one of \((TrustPhaseName.all + ["auto"]).joined(separator: ", "))")
        }
        let now = context.now()
        return GhostStatus(try await backend.setTrust(phase, at: now), now: now)
    }
}
