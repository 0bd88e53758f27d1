import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// What the first plan at setup reads from the past: the readable history an Observer counts, and the first insight.
struct FirstPlanTests {
    private let sunday = Week.monday.adding(days: -1)

    /// A new Ghost (an Observer) and the `days` days ending on Sunday with `busy` and `samples`.
    private func history(days: Int, busy: [BusyInterval] = [], samples: [HealthSample] = []) throws -> WeekPicture {
        let ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
        return WeekPicture(
            calendar: Week.berlin, today: Week.monday, firstDay: sunday.adding(days: -(days - 1)), days: days, ghost: ghost,
            settings: PlanningSettings(training: Week.morningSettings), busy: busy,
            signals: SignalDigest(calendar: Week.berlin, samples: samples))
    }

    /// A meeting from 09:00 for `hours` hours, `offset` days after Monday 2026-03-02 (negative: before).
    private func meeting(_ offset: Int, hours: Int = 1, title: BusyCause = BusyCause(source: "work", summary: "Standup")) throws -> BusyInterval {
        BusyInterval(start: try Week.at(offset, 9), end: try Week.at(offset, 9 + hours), causes: [title])
    }

    @Test func readableHistoryCountsTheDaysWithAnEventOrASample() throws {
        let busy = try [-1, -1, -3, -40].map { try meeting($0) }
        let sleep = HealthSample(
            kind: .sleep, source: "Watch", start: try Week.at(-10, 23), end: try Week.at(-9, 7), value: 480)
        #expect(try ReadableHistory.days(try history(days: 90, busy: busy, samples: [sleep])) == 5)
        #expect(try ReadableHistory.days(try history(days: 90)) == 0)
    }

    @Test func anObserversEveningTellsTheHistoryBeforeItPlaces() throws {
        var picture = try history(days: 7)
        picture.firstDay = Week.monday
        picture.today = sunday
        picture.readableHistoryDays = 63
        let plan = EveningPlan.decide(picture)
        #expect(plan.events.prefix(3) == [.tick, .backgroundSucceeded, .historyRead(days: 63)])
        var ghost = picture.ghost
        for event in plan.events { _ = try ghost.handle(event, now: try Week.at(sunday, 21)) }
        #expect(ghost.trust.phase == .scheduler)
        #expect(ghost.blocks.contains { $0.status == .proposed && $0.day == Week.monday })
    }

    @Test func titlesThatNameTrainingAreWorkoutsAndOthersAreNot() {
        #expect(TrainingTitles.looksLikeTraining("'Gym' (personal)"))
        #expect(TrainingTitles.looksLikeTraining("Morning run"))
        #expect(TrainingTitles.looksLikeTraining("YOGA with Ana"))
        #expect(!TrainingTitles.looksLikeTraining("Brunch"))
        #expect(!TrainingTitles.looksLikeTraining("Sprint review"))
    }

    @Test func calendarWorkoutsOnWeekendsAloneAreTheWeekendOnlyPattern() throws {
        var busy: [BusyInterval] = []
        for week in 0..<4 {
            for weekday in 0..<5 { busy.append(try meeting(-28 + week * 7 + weekday, hours: 4)) }
            busy.append(try meeting(-28 + week * 7 + 5, title: BusyCause(source: "personal", summary: "Gym")))
        }
        let picture = try history(days: 28, busy: busy)
        let insight = try #require(try HistoryReading.firstInsight(picture, protectedWindows: 3))
        #expect(insight.findings.map(\.pattern).contains("weekendOnly"))
        #expect(insight.findings.first?.pattern == "backToBackMeetings")
        #expect(insight.findings.first?.hope == "I've already found 3 protected windows this week where we can rebuild.")
        #expect(insight.text.hasPrefix("It wasn't your fault."))
    }

    @Test func withNoWorkoutEvidenceTheInsightIsTheCalendarsAloneAndAbsolvesNothing() throws {
        let busy = try (0..<20).map { try meeting(-28 + $0, hours: 4) }
        let insight = try #require(try HistoryReading.firstInsight(try history(days: 28, busy: busy), protectedWindows: 2))
        #expect(insight.findings.map(\.pattern) == ["calendarOnly"])
        #expect(insight.lead == "Here is what your calendar shows.")
        #expect(!insight.text.contains("It wasn't your fault"))
        #expect(insight.findings[0].explanation.contains("I have no record of your workouts yet"))
        #expect(insight.findings[0].hope == "I've already found 2 protected windows this week.")
    }

    @Test func underAWeekOfCalendarOrHealthGivesNoInsight() throws {
        let busy = try (0..<6).map { try meeting(-6 + $0) }
        #expect(try HistoryReading.firstInsight(try history(days: 28, busy: busy), protectedWindows: 0) == nil)
    }
}
