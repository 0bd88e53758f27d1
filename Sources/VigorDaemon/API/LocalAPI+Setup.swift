import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `setup.firstPlan`: the first plan at the end of `vigorctl setup`, whatever the hour (`GhostBackend.firstPlan`).
    func serveSetupFirstPlan(_ params: SetupFirstPlanMethod.Params) async throws -> SetupFirstPlanMethod.Result {
        let plan = try await backend.firstPlan(at: context.now())
        let zone = await backend.state.config.schedule.zone
        let windows = (plan.forecast?.days ?? []).compactMap { day in
            day.start.map { SetupFirstPlanMethod.Window(date: day.date, start: RPCTimestamp($0, in: zone), reason: day.reason, kind: day.kind) }
        }
        let block = plan.block.map {
            SetupFirstPlanMethod.Block(
                id: $0.id.rawValue, status: $0.status.rawValue, start: RPCTimestamp($0.start, in: zone), end: RPCTimestamp($0.end, in: zone),
                kind: $0.currentKind)
        }
        return .init(
            phase: plan.phase.rawValue, readableHistoryDays: plan.readableHistoryDays, block: block, windows: windows,
            insight: plan.insight.map(AbsolutionView.init), notes: plan.notes,
            waiting: plan.waiting.map {
                SetupFirstPlanMethod.Waiting(
                    evening: $0.evening.map { RPCTimestamp($0, in: zone) }, forDate: $0.forDay?.description, because: $0.because)
            })
    }
}
