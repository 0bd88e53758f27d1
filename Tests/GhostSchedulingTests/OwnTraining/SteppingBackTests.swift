import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The plan steps back (`PlanFollowing`, Docs/engine.md "The plan follows how you train"): when all but one of a week's
/// sessions, and at least `missed_before_stepping_back`, passed in a row without a workout and none came since, it asks
/// for one session a week until the user trains. Evenings planned on pictures alone; the clock passed in.
@Suite struct SteppingBackTests {
    static let threeAWeek = TrainingSettings(
        sessionsPerWeek: 3, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])

    /// A Scheduler whose evenings from Sunday 2026-03-01 on (`evenings` of them) each perform their plan, the user saying
    /// yes to every proposal and never training.
    static func ghost(evenings: Int, settings: TrainingSettings = threeAWeek, rules: SchedulingRules = .standard) throws -> Ghost {
        let sunday = Week.monday.adding(days: -1)
        var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(sunday, 1))
        for offset in 0..<evenings {
            let today = sunday.adding(days: offset)
            for event in EveningPlan.decide(picture(ghost, on: today, settings: settings, rules: rules)).events {
                _ = try ghost.handle(event, now: try Week.at(today, 20))
            }
            for block in ghost.blocks where block.status == .proposed {
                _ = try ghost.handle(.proposalAnswered(block.id, accepted: true), now: try Week.at(today, 21))
            }
        }
        return ghost
    }

    static func picture(
        _ ghost: Ghost, on today: LocalDay, settings: TrainingSettings = threeAWeek, rules: SchedulingRules = .standard
    ) -> WeekPicture {
        WeekPicture(
            calendar: Week.berlin, today: today, firstDay: today.adding(days: 1), days: 7, ghost: ghost,
            settings: PlanningSettings(training: settings, rules: rules))
    }

    /// The evening of the day the second session was missed, and the Ghost after it.
    static func afterTheSecondMiss(settings: TrainingSettings = threeAWeek, rules: SchedulingRules = .standard) throws -> (Ghost, LocalDay)? {
        let sunday = Week.monday.adding(days: -1)
        for evenings in 1...10 {
            let ghost = try ghost(evenings: evenings, settings: settings, rules: rules)
            if ghost.blocks.filter({ $0.status == .missed }).count == 2 { return (ghost, sunday.adding(days: evenings - 1)) }
        }
        return nil
    }

    @Test func twoSessionsMissedWithNoWorkoutSinceStepAThreeAWeekPlanBackToOne() throws {
        let (ghost, today) = try #require(try Self.afterTheSecondMiss())
        let plan = EveningPlan.decide(Self.picture(ghost, on: today))
        #expect(plan.week?.asked == 1, "\(plan.notes)")
        #expect(plan.notes.contains(
            "I plan 1 session a week, not 3, because the last 2 sessions on your calendar passed without a workout and you "
                + "have not trained since. It goes back to 3 once you train."), "\(plan.notes)")
        #expect(PlanFollowing.adjust(PlanningSettings(training: Self.threeAWeek), ghost: ghost, today: today, agreed: nil).promisedSessions == 3)
    }

    @Test func aDayTheSteppedBackWeekLeavesEmptySaysWhyTheWeekAsksForOne() throws {
        let (ghost, today) = try #require(try Self.afterTheSecondMiss())
        let plan = EveningPlan.decide(Self.picture(ghost, on: today))
        let reasons = plan.events.compactMap { event -> String? in
            if case .dayLeftEmpty(_, .weekFull, let reason) = event { return reason }
            return nil
        }
        #expect(reasons.count == 1, "\(plan.events)")
        #expect(reasons.first?.hasSuffix("It goes back to 3 once you train.") == true, "\(reasons)")
    }

    @Test func aWorkoutOnOnesOwnAfterTheMissesBringsTheWeekBack() throws {
        var (ghost, today) = try #require(try Self.afterTheSecondMiss())
        let start = try Week.at(today, 18)
        _ = try ghost.handle(
            .workoutRecorded(WorkoutReport(id: "own", start: start, end: start.addingTimeInterval(2_700), confidence: 1)),
            now: start.addingTimeInterval(3_600))
        let planned = PlanFollowing.adjust(PlanningSettings(training: Self.threeAWeek), ghost: ghost, today: today, agreed: nil)
        #expect(planned.sessionsPerWeek == 3)
        #expect(!planned.steppedBack)
    }

    @Test func sevenSessionsAWeekStepBackOnlyAfterSixMissedInARow() throws {
        var daily = Self.threeAWeek
        daily.sessionsPerWeek = 7
        daily.minHoursBetweenSessions = 0
        let sunday = Week.monday.adding(days: -1)
        for evenings in 2...8 {
            let ghost = try Self.ghost(evenings: evenings, settings: daily)
            let missed = ghost.blocks.filter { $0.status == .missed }.count
            let planned = PlanFollowing.adjust(
                PlanningSettings(training: daily), ghost: ghost, today: sunday.adding(days: evenings - 1), agreed: nil)
            #expect(planned.steppedBack == (missed >= 6), "\(missed) missed")
        }
    }

    @Test func sessionsAcceptedWithTheWeekAreKeptAndThePlanStepsBackAfterThem() throws {
        let (ghost, today) = try #require(try Self.afterTheSecondMiss())
        let settings = PlanningSettings(training: Self.threeAWeek)
        let ahead = PlanFollowing.adjust(settings, ghost: ghost, today: today, agreed: nil, acceptedAhead: true)
        #expect(ahead.sessionsPerWeek == 3 && !ahead.steppedBack)
        #expect(PlanFollowing.adjust(settings, ghost: ghost, today: today, agreed: nil, acceptedAhead: false).steppedBack)
    }

    @Test func zeroNeverStepsBack() throws {
        var rules = SchedulingRules.standard
        rules.patterns.missedBeforeSteppingBack = 0
        let ghost = try Self.ghost(evenings: 10, rules: rules)
        #expect(ghost.blocks.filter { $0.status == .missed }.count >= 3)
        let planned = PlanFollowing.adjust(
            PlanningSettings(training: Self.threeAWeek, rules: rules), ghost: ghost, today: Week.monday.adding(days: 8), agreed: nil)
        #expect(planned.sessionsPerWeek == 3)
    }
}
