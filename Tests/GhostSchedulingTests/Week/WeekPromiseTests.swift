import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The training week is a promise: `sessionsPerWeek` per week, counting what was done and what is on the calendar,
/// spread as a coach would, the user's held days kept.
@Suite struct WeekPromiseTests {
    private func days(_ plan: WeekPlan) -> [Int] {
        plan.blocks.map { Week.monday.days(until: $0.chosen.day) }
    }

    private func settings(_ sessions: Int, firstWeekday: Int = 2) -> TrainingSettings {
        var settings = Week.morningSettings
        settings.sessionsPerWeek = sessions
        settings.firstWeekday = firstWeekday
        return settings
    }

    @Test func sessionsDoneEarlierInTheWeekCountTowardsIt() throws {
        // Monday and Tuesday done; Tuesday evening plans the rest of the week: one more, never three more.
        let request = SlotRequest(
            firstDay: Week.monday.adding(days: 2), days: 7, pastSessions: [try Week.at(0, 7), try Week.at(1, 7)])
        let plan = try Week.finder(settings(3)).planWeek(request)
        #expect(days(plan).filter { $0 < 7 } == [3], "Thursday: Wednesday would be a third day running")
        #expect(plan.weeks.first == WeekTally(firstDay: Week.monday, asked: 3, counted: 2, chosen: 1, done: 2))
    }

    @Test func aFullWeekSaysWhyADayHasNoSessionWithTheCountsThatDecidedIt() throws {
        // Four a week; Monday done, Tuesday missed. Tuesday evening plans two more, so the days left out say so:
        // one done, one missed, two planned, never "already done".
        let request = SlotRequest(
            firstDay: Week.monday.adding(days: 2), days: 5, pastSessions: [try Week.at(0, 7), try Week.at(1, 7)],
            missedSessions: [try Week.at(1, 7)])
        let plan = try Week.finder(settings(4)).planWeek(request)
        #expect(plan.weeks.first == WeekTally(firstDay: Week.monday, asked: 4, counted: 2, chosen: 2, done: 1, missed: 1))
        let forecast = WeekForecast(plan: plan, firstDay: Week.monday.adding(days: 2), skipRisk: [:])
        let empty = forecast.days.filter { $0.why == .weekFull }
        #expect(!empty.isEmpty && empty.allSatisfy {
            $0.reason == "This week already has its 4 sessions: 1 done, 1 missed and 2 planned on other days."
        }, "\(forecast.days.map(\.reason))")
        // One done and three on other days: only what is there is named.
        #expect(WeekTally(firstDay: Week.monday, asked: 4, counted: 1, chosen: 3, done: 1).fullSentence
            == "This week already has its 4 sessions: 1 done and 3 planned on other days.")
    }

    @Test func aWeekOfOnlyMissedSessionsSaysTheyPassedNotThatItHasThem() throws {
        // A stepped-back week asks 1 and counts 6 misses: "already has its 1 session: 6 missed" would read as a contradiction.
        #expect(WeekTally(firstDay: Week.monday, asked: 1, counted: 6, chosen: 0, done: 0, missed: 6).fullSentence
            == "This week's sessions have passed without a workout: 6 missed.")
        // One done beside the misses: the counts as before.
        #expect(WeekTally(firstDay: Week.monday, asked: 3, counted: 3, chosen: 0, done: 1, missed: 2).fullSentence
            == "This week already has its 3 sessions: 1 done and 2 missed.")
    }

    @Test func aMissedSessionCountsForItsWeekAndIsNotPlacedAgain() throws {
        let missed = SlotRequest(firstDay: Week.monday.adding(days: 1), days: 6, pastSessions: [try Week.at(0, 18)])
        #expect(try Week.finder(settings(2)).planWeek(missed).blocks.count == 1)
    }

    @Test func aWorkoutOnOnesOwnIsNotOneOfTheWeeksSessions() throws {
        var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
        let run = WorkoutReport(id: "log:1", start: try Week.at(0, 18), end: try Week.at(0, 18, 45), confidence: 1)
        _ = try ghost.handle(.workoutRecorded(run), now: try Week.at(0, 19))
        let picture = WeekPicture(
            calendar: Week.berlin, today: Week.monday, firstDay: Week.monday.adding(days: 1), days: 7, ghost: ghost,
            settings: PlanningSettings(training: settings(3)))
        #expect(ghost.workouts.count == 1)
        #expect(picture.pastSessions.isEmpty)
    }

    @Test func aWeekWithRoomNeverHasAThirdDayRunning() throws {
        // Weekdays score alike; four sessions fit without three days running: Mon, Tue, Thu, Fri.
        let plan = try Week.finder(settings(4)).planWeek(SlotRequest(firstDay: Week.monday))
        #expect(days(plan) == [0, 1, 3, 4])
    }

    @Test func aShortWeekTakesEveryDayItHasAndSaysWhatItLacks() throws {
        // Planned on Thursday evening with nothing done: Friday, Saturday and Sunday all get a session, three days
        // running because the week has no other room, and the week says it lacks one.
        let plan = try Week.finder(settings(4)).planWeek(SlotRequest(firstDay: Week.monday.adding(days: 4), days: 3))
        #expect(days(plan) == [4, 5, 6])
        #expect(plan.weeks == [WeekTally(firstDay: Week.monday, asked: 4, counted: 0, chosen: 3)])
        #expect(plan.weeks.first?.shortfall == "This week has room for 3 of your 4 sessions.")
        let forecast = WeekForecast(plan: plan, firstDay: Week.monday.adding(days: 4), skipRisk: [:])
        #expect(forecast.days.prefix(3).allSatisfy { $0.start != nil })
    }

    @Test func aHeldDayIsKeptWhenOtherDaysScoreAlike() throws {
        let thursday = Week.monday.adding(days: 3)
        let free = try Week.finder(settings(3)).planWeek(SlotRequest(firstDay: Week.monday))
        #expect(days(free) == [0, 2, 4], "without a hold: Monday, Wednesday, Friday")
        let held = try Week.finder(settings(3)).planWeek(SlotRequest(firstDay: Week.monday, heldDays: [thursday]))
        #expect(days(held).contains(3))
        #expect(held.blocks.count == 3)
    }

    @Test func aReleasedDayIsUsedOnlyWhenTheWeekHasNoOtherRoom() throws {
        let wednesday = Week.monday.adding(days: 2)
        let plan = try Week.finder(settings(3)).planWeek(SlotRequest(firstDay: Week.monday, releasedDays: [wednesday]))
        #expect(!days(plan).contains(2))
        #expect(plan.blocks.count == 3)
        let crowded = try Week.finder(settings(3)).planWeek(SlotRequest(firstDay: Week.monday.adding(days: 2), days: 3, releasedDays: [wednesday]))
        #expect(days(crowded) == [2, 3, 4], "only three days left: the released one too")
    }

    @Test func aDayTooCloseToADoneSessionTakesALaterSlotThatKeepsTheGap() throws {
        // Monday 18:00 done; Tuesday's 07:00 is 13 h later (gap 16 h): Tuesday's session starts 10:00 at the earliest.
        let request = SlotRequest(firstDay: Week.monday.adding(days: 1), days: 1, pastSessions: [try Week.at(0, 18)])
        let block = try #require(try Week.finder(settings(7)).planWeek(request).blocks.first)
        #expect(block.chosen.start >= (try Week.at(1, 10)))
    }

    @Test func theWeekStartsOnTheUsersFirstWeekday() throws {
        let monday = try Week.finder(settings(1)).planWeek(SlotRequest(firstDay: Week.monday))
        #expect(days(monday) == [0])
        let sunday = try Week.finder(settings(1, firstWeekday: 1)).planWeek(SlotRequest(firstDay: Week.monday))
        #expect(days(sunday) == [0, 6], "Sunday starts the next training week, which gets its own session")
        #expect(sunday.weeks.map(\.firstDay) == [Week.monday.adding(days: -1), Week.monday.adding(days: 6)])
    }

    @Test func theNextWeekIsPlannedOnItsOwnCount() throws {
        // From Saturday: Saturday and Sunday end this week (one done), the days after start the next.
        let request = SlotRequest(firstDay: Week.monday.adding(days: 5), days: 7, pastSessions: [try Week.at(0, 7), try Week.at(2, 7)])
        let plan = try Week.finder(settings(3)).planWeek(request)
        #expect(plan.weeks.map(\.chosen) == [1, 3])
        #expect(plan.weeks.map(\.counted) == [2, 0])
    }

    @Test func aDeclinedProposalIsReplacedWithinTheSameWeek() throws {
        // A Scheduler proposes Monday; the user declines it. Monday evening still plans three sessions this week.
        let sunday = Week.monday.adding(days: -1)
        var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(sunday, 1))
        let candidate = BlockCandidate(start: try Week.at(0, 7), durationMinutes: 45, confidence: 0.75)
        _ = try ghost.handle(.placementRequested(candidate, alternatives: []), now: try Week.at(sunday, 21))
        let id = try #require(ghost.blocks.first?.id)
        _ = try ghost.handle(.proposalAnswered(id, accepted: false), now: try Week.at(sunday, 22))
        #expect(ghost.blocks.first?.status == .declined)
        let picture = WeekPicture(
            calendar: Week.berlin, today: Week.monday, firstDay: Week.monday.adding(days: 1), days: 7, ghost: ghost,
            settings: PlanningSettings(training: settings(3)))
        let plan = EveningPlan.decide(picture)
        let week = try #require(plan.forecast?.days.prefix(6))
        #expect(week.filter { $0.start != nil }.count == 3, "Tuesday to Sunday carry the week's three sessions")
        #expect(plan.events.contains { if case .placementRequested = $0 { true } else { false } }, "Tuesday gets the first")
    }
}
