import Foundation
import ICalendarKit
import GhostEngine
import GhostScheduling

extension CycleRunner {
    /// The evening's holds from its fresh forecast, put into `decision`, in words for the cycle's summary.
    func holdWeek(_ picture: WeekPicture, forecast: WeekForecast, now: Date, settings: HoldSettings, into decision: inout Decision) async -> String {
        do {
            if let change = try await output.holds.plan(picture, forecast: forecast, now: now, settings: settings) {
                decision.holdBook = change.book
                decision.holdNotes = change.notes
            }
            let holds = if let book = decision.holdBook { book.holds } else { await output.holds.book.holds }
            return "held \(holds.count) session(s) of the week, \(holds.filter(\.defended).count) busy to others"
        } catch {
            return "could not hold the week: \(error)"
        }
    }
}
