import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct WeekSkipForecastTests {
    private let rules = PatternRules()

    private func forecast(busy: [BusyInterval], sleep: Int?, history: [SessionOutcome] = []) throws -> [DaySkipForecast] {
        try WeekSkipForecast.forecast(
            firstDay: Week.monday, days: 7, slotHour: 7, busy: busy, calendar: Week.berlin, lastNightSleepMinutes: sleep,
            history: history, rules: rules)
    }

    @Test func aMeetingHeavyDayIsTheLikeliestSkip() throws {
        let days = try forecast(busy: [try Week.busy(2, (9, 0), (18, 0))], sleep: nil)
        #expect(days.map(\.day) == (0..<7).map { Week.monday.adding(days: $0) })
        let wednesday = days[2].prediction.probability
        #expect(days.enumerated().allSatisfy { $0.offset == 2 || $0.element.prediction.probability < wednesday })
        #expect(days[2].receiptInputs.contains(ReceiptInput("meetingDensity", "9.000 (+1.500)")))
    }

    @Test func aLightDayIsNoSaferThanAnOrdinaryOne() throws {
        let days = try forecast(busy: [try Week.busy(0, (9, 30), (9, 45)), try Week.busy(1, (9, 0), (12, 0))], sleep: nil)
        #expect(Set(days.map(\.prediction.probability)) == [0.5])
    }

    @Test func lastNightsSleepCountsForTheFirstDayOnly() throws {
        let rested = try forecast(busy: [], sleep: 480)
        let short = try forecast(busy: [], sleep: 240)
        #expect(short[0].prediction.probability > rested[0].prediction.probability)
        #expect(short.dropFirst().map(\.prediction) == rested.dropFirst().map(\.prediction))
    }

    @Test func eachDayIsForecastForItsOwnWeekdayAtThePlannedHour() throws {
        let missedMondays = Array(repeating: SessionOutcome(slot: SlotKey(weekday: 2, hour: 7), completed: false), count: 4)
        let days = try forecast(busy: [], sleep: nil, history: missedMondays)
        #expect(days.map(\.slot) == (0..<7).map { SlotKey(weekday: (2 + $0 - 1) % 7 + 1, hour: 7) })
        #expect(days[0].prediction.probability > days[1].prediction.probability)
        #expect(days[0].request == DaySkipPrediction(day: Week.monday, probability: days[0].prediction.probability))
    }
}
