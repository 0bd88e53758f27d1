import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `sacred.list`: the slots the Ghost learned never to use.
    func serveSacredList(_: NoParams) async throws -> SacredListMethod.Result {
        SacredView.list(await backend.current())
    }

    /// `sacred.clear`: gives a learned sacred slot back to the scheduler.
    func serveSacredClear(_ params: SacredClearMethod.Params) async throws -> SacredListMethod.Result {
        guard let slot = SlotKey(label: params.slot) else {
            throw APIError.invalidParams("field 'slot' must look like \"Mon 07:00\"; got '\(params.slot)'")
        }
        return SacredView.list(try await backend.clearSacred(slot, at: context.now()))
    }
}
