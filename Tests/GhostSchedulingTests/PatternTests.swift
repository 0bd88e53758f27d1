import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct PatternTests {
    private let rules = PatternRules()
    private let monday7 = SlotKey(weekday: 2, hour: 7)

    @Test func withoutHistoryOrSignalsTheSkipChanceIsEven() throws {
        let prediction = SkipPredictor.predict(
            slot: monday7, meetingHours: 3, lastNightSleepMinutes: nil, history: [], rules: rules)
        #expect(abs(prediction.probability - 0.5) < 1e-12)
        #expect(prediction.factors.map(\.name) == ["slotHistory", "weekday", "meetingDensity", "lastNightSleep"])
        #expect(prediction.factors.allSatisfy { abs($0.logOdds) < 1e-12 })
    }

    @Test func slotHistoryIsABetaBinomialRate() throws {
        let history = [false, false, false, true].map { SessionOutcome(slot: monday7, completed: $0) }
        let prediction = SkipPredictor.predict(
            slot: monday7, meetingHours: 3, lastNightSleepMinutes: 420, history: history, rules: rules)
        // Everyone: (3 skips + 1) / (4 + 2) = 2/3. Monday shrinks towards it: (3 + 2 × 2/3) / (4 + 2) = 13/18. The slot
        // towards Monday: (3 + 2 × 13/18) / (4 + 2) = 20/27, which is the prediction (the factors add up to its log-odds).
        #expect(abs((prediction.factors[0].value ?? .nan) - 20.0 / 27) < 1e-12)
        #expect(abs(prediction.factors[1].logOdds - (log(13.0 / 5) - log(2.0))) < 1e-12)
        #expect(abs(prediction.probability - 20.0 / 27) < 1e-12)
    }

    @Test func meetingsAndShortSleepRaiseTheOdds() throws {
        let prediction = SkipPredictor.predict(
            slot: monday7, meetingHours: 7, lastNightSleepMinutes: 300, history: [], rules: rules)
        // 0.25 × (7 − 3) = 1 and 0.5 × 2 h of sleep debt = 1: logit 2 → 1 / (1 + e⁻²).
        #expect(abs(prediction.factors[2].logOdds - 1) < 1e-12)
        #expect(abs(prediction.factors[3].logOdds - 1) < 1e-12)
        #expect(abs(prediction.probability - 1 / (1 + exp(-2.0))) < 1e-12)
    }

    @Test func aNightWithoutSleepDataIsRecordedAsNoDataNotAsEnoughSleep() throws {
        let unknown = SkipPredictor.predict(slot: monday7, meetingHours: 3, lastNightSleepMinutes: nil, history: [], rules: rules)
        #expect(unknown.receiptInputs.first { $0.name == "lastNightSleep" } == ReceiptInput("lastNightSleep", "no data (+0.000)"))
        // A measured night is written as before, so receipts that had data keep their input hash.
        let measured = SkipPredictor.predict(slot: monday7, meetingHours: 3, lastNightSleepMinutes: 300, history: [], rules: rules)
        #expect(measured.receiptInputs.first { $0.name == "lastNightSleep" } == ReceiptInput("lastNightSleep", "300.000 (+1.000)"))
    }

    @Test func weekdayEffectComparesTheWeekdayWithEveryDay() throws {
        let tuesday = SlotKey(weekday: 3, hour: 7)
        let history = [SessionOutcome(slot: monday7, completed: false), SessionOutcome(slot: tuesday, completed: true)]
        let prediction = SkipPredictor.predict(
            slot: SlotKey(weekday: 2, hour: 18), meetingHours: 3, lastNightSleepMinutes: nil, history: history, rules: rules)
        // Monday (1+1)/(1+2) = 2/3 vs all (1+1)/(2+2) = 1/2: effect ln 2; the new slot itself is 1/2.
        #expect(abs(prediction.factors[1].logOdds - log(2.0)) < 1e-12)
        #expect(abs(prediction.probability - 2.0 / 3) < 1e-12)
    }

    @Test func optimalWindowsRankByCompletionThenEvidenceThenSlot() throws {
        let evening = SlotKey(weekday: 2, hour: 18)
        let friday = SlotKey(weekday: 6, hour: 7)
        let history = [
            SessionOutcome(slot: monday7, completed: true), SessionOutcome(slot: monday7, completed: true),
            SessionOutcome(slot: evening, completed: true), SessionOutcome(slot: evening, completed: false),
            SessionOutcome(slot: friday, completed: true),
        ]
        let ranked = OptimalWindows.rank(history, rules: rules)
        // Monday 07: 3/4; Friday 07: 2/3; Monday 18: 2/4.
        #expect(ranked.map(\.slot) == [monday7, friday, evening])
        #expect(abs(ranked[0].completionRate - 0.75) < 1e-12)
        #expect(OptimalWindows.preferences(history, rules: rules).first == SlotPreference(slot: monday7, rate: 0.75))
    }

    @Test func equalRatesPreferMoreEvidenceThenTheEarlierSlot() throws {
        let tuesday = SlotKey(weekday: 3, hour: 7)
        let wednesday = SlotKey(weekday: 4, hour: 7)
        let history = [
            SessionOutcome(slot: wednesday, completed: true), SessionOutcome(slot: wednesday, completed: false),
            SessionOutcome(slot: tuesday, completed: true), SessionOutcome(slot: tuesday, completed: false),
            SessionOutcome(slot: monday7, completed: true), SessionOutcome(slot: monday7, completed: false),
            SessionOutcome(slot: monday7, completed: true), SessionOutcome(slot: monday7, completed: false),
        ]
        #expect(OptimalWindows.rank(history, rules: rules).map(\.slot) == [monday7, tuesday, wednesday])
    }
}

@Suite struct SkipPredictionReceiptTests {
    @Test func receiptShowsEveryFactorWithItsLogOdds() throws {
        let prediction = SkipPredictor.predict(
            slot: SlotKey(weekday: 2, hour: 7), meetingHours: 7, lastNightSleepMinutes: 300, history: [], rules: PatternRules())
        #expect(prediction.receiptInputs.map { "\($0.name)=\($0.value)" } == [
            "skipProbability=0.881", "slotHistory=0.500 (+0.000) from 0 sessions", "weekday=0.500 (+0.000) from 0 sessions",
            "meetingDensity=7.000 (+1.000)", "lastNightSleep=300.000 (+1.000)", "pastSessions=0",
        ])
    }
}

@Suite struct MeetingDensityTests {
    @Test func overlappingMeetingsCountOnceAndOtherDaysNotAtAll() throws {
        let busy = [
            try Week.busy(0, (9, 0), (10, 0)), try Week.busy(0, (9, 30), (11, 0)), try Week.busy(0, (14, 0), (14, 30)),
            try Week.busy(1, (9, 0), (17, 0)),
            BusyInterval(start: try Week.at(-1, 23), end: try Week.at(0, 1)),
        ]
        // 09:00–11:00 (2 h) + 14:00–14:30 (0.5 h) + 00:00–01:00 of the overnight event (1 h) = 3.5 h.
        #expect(try MeetingDensity.hours(on: Week.monday, busy: busy, calendar: Week.berlin) == 3.5)
    }

    @Test func allDayBusyOnTheTwentyThreeHourDayIsTwentyThreeHours() throws {
        let day = BusyInterval(start: try Week.berlin.startOfDay(Week.springForward),
                               end: try Week.berlin.startOfDay(Week.springForward.adding(days: 1)))
        #expect(try MeetingDensity.hours(on: Week.springForward, busy: [day], calendar: Week.berlin) == 23)
    }

    @Test func densityFeedsTheSkipPrediction() throws {
        let busy = [try Week.busy(0, (8, 0), (15, 0))]
        let hours = try MeetingDensity.hours(on: Week.monday, busy: busy, calendar: Week.berlin)
        let prediction = SkipPredictor.predict(
            slot: SlotKey(weekday: 2, hour: 17), meetingHours: hours, lastNightSleepMinutes: 420, history: [],
            rules: PatternRules())
        // 7 busy hours: 0.25 × (7 − 3) = +1 log-odds → 1 / (1 + e⁻¹).
        #expect(abs(prediction.probability - 1 / (1 + exp(-1.0))) < 1e-12)
    }
}

/// A user who finished every session is not told a new weekday or hour is a coin toss.
@Test func aUserWhoFinishesEverySessionHasALowSkipRiskOnADayTheyNeverTrained() throws {
    let monday = SlotKey(weekday: 2, hour: 7)
    let history = (0..<4).map { _ in SessionOutcome(slot: monday, completed: true) }
    let wednesday = SkipPredictor.predict(
        slot: SlotKey(weekday: 4, hour: 7), meetingHours: 3, lastNightSleepMinutes: nil, history: history, rules: PatternRules())
    // Everyone: (0 + 1) / (4 + 2) = 1/6; Wednesday and its 07:00 have no history, so they are everyone's rate.
    #expect(abs(wednesday.probability - 1.0 / 6) < 1e-12)
    #expect(abs(wednesday.factors[1].logOdds) < 1e-12, "the weekday neither helps nor hurts")
}
