import Foundation
import VigorRPC

extension LocalAPI {
    /// `cycle.run`: runs a morning, evening or weekly cycle now (at most once per local date, as the timers do); with
    /// `ifDue`, only when vigord's schedule says it is due.
    func serveCycleRun(_ params: CycleRunMethod.Params) async throws -> CycleRunMethod.Result {
        CycleOutcome(try await backend.runCycle(params.kind, ifDue: params.ifDue == true, at: context.now()))
    }
}
