import Foundation
import VigorRPC

extension LocalAPI {
    /// `cycle.run`: runs a morning, evening or weekly cycle now (at most once per local date, as the timers do); with
    /// `ifDue`, only when vigord's schedule says it is due.
    func serveCycleRun(_ params: CycleRunMethod.Params) async throws -> CycleRunMethod.Result {
        guard let kind = CycleKind(rawValue: params.kind) else {
            throw APIError.invalidParams("field 'kind' must be morning, evening or weekly")
        }
        return try await backend.runCycle(kind, ifDue: params.ifDue == true, at: context.now())
    }
}
