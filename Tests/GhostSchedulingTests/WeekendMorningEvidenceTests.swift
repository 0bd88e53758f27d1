import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The weekend morning (sacred until 09:00) is named where it decided a Saturday's or Sunday's time, with its evidence,
/// and nowhere else.
@Suite struct WeekendMorningEvidenceTests {
    /// Four sessions a week, 45 minutes, preferred 06:30–08:00: a Berlin user who trains early.
    private let early = TrainingSettings(
        sessionsPerWeek: 4, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 6, minute: 30), to: TimeOfDay(hour: 8))])

    private func weekend(_ settings: TrainingSettings) throws -> WeekPlan {
        try Week.finder(settings).planWeek(SlotRequest(firstDay: Week.saturday, days: 2))
    }

    @Test func aWeekendBlockTheMorningPushedPastItsPreferredWindowNamesTheWeekendMorning() throws {
        let plan = try weekend(early)
        let saturday = try #require(plan.block(on: Week.saturday))
        #expect(saturday.chosen.localStart == TimeOfDay(hour: 9))
        #expect(saturday.weekendMorning == WeekendMorningEvidence(
            until: TimeOfDay(hour: 9), keptFree: TimeOfDay(hour: 6, minute: 30), inPreferredWindow: true))
        let forecast = WeekForecast(plan: plan, firstDay: Week.saturday, skipRisk: [:])
        #expect(forecast.days.first?.reason == "free at 09:00; the best of the day's free times; the weekend morning is kept free "
            + "until 09:00 (06:30, in your preferred window, would have come first)")
        #expect(saturday.receiptInputs.contains(ReceiptInput(
            "weekendMorning", "kept free until 09:00; 06:30 would have come first, in your preferred window")))
    }

    @Test func aWeekendBlockAtItsEveningWindowDoesNotNameTheWeekendMorning() throws {
        let evening = TrainingSettings(
            sessionsPerWeek: 4, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 18), to: TimeOfDay(hour: 20))])
        let plan = try weekend(evening)
        let saturday = try #require(plan.block(on: Week.saturday))
        #expect(saturday.chosen.localStart == TimeOfDay(hour: 18))
        #expect(saturday.weekendMorning == nil)
        #expect(!(WeekForecast(plan: plan, firstDay: Week.saturday, skipRisk: [:]).days.first?.reason.contains("weekend") ?? true))
        #expect(!saturday.receiptInputs.contains { $0.name == "weekendMorning" })
    }

    @Test func aWeekdayBlockNeverNamesTheWeekendMorning() throws {
        let plan = try Week.finder(early).planWeek(SlotRequest(firstDay: Week.monday, days: 1))
        let monday = try #require(plan.block(on: Week.monday))
        #expect(monday.chosen.localStart == TimeOfDay(hour: 6, minute: 30))
        #expect(monday.weekendMorning == nil)
    }
}
