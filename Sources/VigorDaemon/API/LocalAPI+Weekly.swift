import Foundation
import GhostEngine
import GhostScheduling
import Store
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
        let calendar = LocalCalendar(timeZone: await zone())
        let lastDay = calendar.day(of: context.now()).adding(days: -1)
        let from = try calendar.startOfDay(lastDay.adding(days: -(days - 1)))
        let to = try calendar.startOfDay(lastDay.adding(days: 1))
        let busy = await context.output.withoutOwnBusyEvents(try await context.calendars.busy(from: from, to: to, source: nil)).intervals.map {
            GhostScheduling.BusyInterval(start: $0.start, end: $0.end, causes: $0.causes.map(\.summary))
        }
        let observations = try HealthObservation.Kind.allCases.flatMap { kind throws(StoreError) -> [HealthObservation] in
            try context.database.healthSamples(kind: kind.rawValue, endingFrom: from.addingTimeInterval(-86_400), to: to).map {
                HealthObservation(kind: kind, source: $0.source, start: $0.start, end: $0.end, value: $0.value, detail: $0.detail)
            }
        }
        // The hope of the back-to-back finding counts the blocks already on the calendar for the week ahead.
        let now = context.now()
        let protectedWindows = await context.ghost.current.blocks.filter {
            $0.status == .scheduled && $0.start >= now && $0.start < now.addingTimeInterval(7 * 86_400)
        }.count
        guard let narrative = try AbsolutionReader.read(
            lastDay: lastDay, days: days, calendar: calendar, busy: busy, observations: observations, protectedWindows: protectedWindows)
        else {
            return .init(absolution: nil, reason: "fewer than 7 of the last \(days) days have health data; import some first (vigorctl import)")
        }
        return .init(absolution: AbsolutionView(narrative), reason: nil)
    }
}
