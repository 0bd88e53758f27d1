import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `weekly.receipt`: the value the Ghost delivered last week.
    func serveWeeklyReceipt(_: WeeklyReceiptMethod.Params) async throws -> WeeklyReceiptMethod.Result {
        try .init(receipt: weeklyReceipt().map(WeeklyReceiptView.init))
    }

    /// The last weekly receipt, nil before the first.
    func weeklyReceipt() throws -> WeeklyValueReceipt? {
        guard let record = try context.database.weeklyReceipt() else { return nil }
        return try JSONDecoder().decode(WeeklyValueReceipt.self, from: record.body)
    }

    /// `absolution.read`: what held the user back over the last days, from calendars and health data.
    func serveAbsolution(_ params: AbsolutionMethod.Params) async throws -> AbsolutionMethod.Result {
        let days = params.days ?? AbsolutionReader.maximumDays
        guard (AbsolutionReader.minimumDays...AbsolutionReader.maximumDays).contains(days) else {
            throw APIError.invalidParams("field 'days' must be between 7 and 90; got \(days)")
        }
        let config = await context.state.config
        let calendar = LocalCalendar(timeZone: config.schedule.zone)
        let now = context.now()
        let reader = WeekPictureReader(
            ghost: context.ghost, calendars: context.calendars, output: context.output, database: context.database,
            systemZone: { nil }, startingSystemZone: nil)
        let picture = try await reader.history(
            lastDay: calendar.day(of: now).adding(days: -1), days: days, calendar: calendar,
            settings: .init(training: config.training, rules: config.schedulingRules, home: config.schedule.home))
        guard let narrative = try HistoryReading.absolution(picture, now: now)
        else {
            return .init(absolution: nil, reason: "fewer than 7 of the last \(days) days have health data or a calendar event; "
                + "import health data (vigorctl import) or add a calendar")
        }
        return .init(absolution: AbsolutionView(narrative), reason: nil)
    }
}
