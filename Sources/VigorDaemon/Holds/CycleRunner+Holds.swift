import Foundation
import ICalendarKit
import GhostEngine
import GhostScheduling

extension CycleRunner {
    /// The evening's holds from its fresh forecast, in words for the cycle's summary.
    func holdWeek(_ picture: WeekPicture, forecast: WeekForecast, now: Date, settings: HoldSettings) async -> String {
        do {
            try await output.holds.decide(picture, forecast: forecast, now: now, settings: settings)
            let holds = await output.holds.book.holds
            return "held \(holds.count) session(s) of the week, \(holds.filter(\.defended).count) busy to others"
        } catch {
            return "could not hold the week: \(error)"
        }
    }
}
