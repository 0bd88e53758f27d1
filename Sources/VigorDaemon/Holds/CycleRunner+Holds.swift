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

    /// Decides the holds again on today's re-planning picture (after the user's answer), writes vigord's calendar when
    /// they changed, and returns the notes of what did.
    func rehold(now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules, home: GeoPosition?, hold: HoldSettings) async throws -> [String] {
        let calendar = LocalCalendar(timeZone: zone)
        let picture = try await reader.replanning(
            today: calendar.day(of: now), calendar: calendar, settings: .init(training: training, rules: rules, home: home))
        let (changed, notes) = try await output.holds.decide(picture, now: now, settings: hold)
        if changed { try await output.sync(now: now) }
        return notes
    }
}
