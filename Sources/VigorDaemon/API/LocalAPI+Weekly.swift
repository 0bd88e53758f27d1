import Foundation
import VigorRPC

extension LocalAPI {
    /// `weekly.receipt`: the value the Ghost delivered last week.
    func serveWeeklyReceipt(_: WeeklyReceiptMethod.Params) async throws -> WeeklyReceiptMethod.Result {
        .init(receipt: try await backend.weeklyReceipt().map(WeeklyReceiptView.init))
    }
}
