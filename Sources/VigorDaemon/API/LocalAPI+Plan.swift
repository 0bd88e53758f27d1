import Foundation
import VigorRPC

extension LocalAPI {
    /// `plan.week`: the last evening's forecast of the days after today, with the blocks on the calendar.
    func servePlanWeek(_: NoParams) async throws -> WeekPlanView {
        WeekPlanView(try await backend.weekOutlook(at: context.now()))
    }
}
