import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The plan follows how the user trains: a Scheduler is asked, from Auto-Scheduler up it follows within
/// `sessions_per_week_max`, and the hours drift toward when the user trains on their own. Ghosts built from workouts
/// recorded on the engine; clock passed in.
@Suite struct PlanFollowingTests {
    /// Three sessions a week wanted, preferred 07:00–09:00, up to 5 when the user trains more.
    static let asked = TrainingSettings(
        sessionsPerWeek: 3, sessionsPerWeekMax: 5, durationMinutes: 45,
        preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])

    /// A Ghost started on Monday 2026-03-02 in `phase`, with a 45-minute workout on its own at `hour:minute` on each
    /// day offset of `days` (from that Monday).
    static func ghost(_ phase: TrustPhase, workouts days: [Int], at hour: Int = 18, minute: Int = 0) throws -> Ghost {
        var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: phase), now: try Week.at(0, 1))
        for day in days {
            let start = try Week.at(day, hour, minute)
            let report = WorkoutReport(id: "w\(day)", start: start, end: start.addingTimeInterval(45 * 60), confidence: 1)
            _ = try ghost.handle(.workoutRecorded(report), now: start.addingTimeInterval(3_600))
        }
        return ghost
    }

    /// Five workouts in each of the three weeks from 2026-03-02: Monday, Tuesday, Wednesday, Friday, Saturday.
    static let fiveAWeek = [0, 1, 2, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 18, 19]

    static func plan(_ ghost: Ghost, on offset: Int, settings: TrainingSettings = asked, agreed: AgreedSessions? = nil) -> PlanFollowing.Adjustment {
        PlanFollowing.adjust(
            PlanningSettings(training: settings), ghost: ghost, today: Week.monday.adding(days: offset), agreed: agreed)
    }

    @Test func aSchedulerWhoTrainsFiveTimesAWeekOnTheirOwnIsAskedToPlanFive() throws {
        let ghost = try Self.ghost(.scheduler, workouts: Array(Self.fiveAWeek.prefix(10)))
        let sunday = Week.monday.adding(days: 13)
        let planned = Self.plan(ghost, on: 13)
        #expect(planned.sessionsPerWeek == 3, "a Scheduler's plan does not grow by itself")
        let receipt = try WeeklyValueReceiptBuilder.build(
            week: Week.monday.adding(days: 7), ghost: ghost, receipts: [], previous: nil, asked: planned.sessionsPerWeek) { done in
                PlanFollowing.suggestion(PlanningSettings(training: Self.asked), ghost: ghost, today: sunday, done: done, planned: planned)
            }
        #expect(receipt.suggestion == PlanFollowing.Suggestion(done: 5, sessions: 5))
        #expect(receipt.suggestion?.sentence == "You trained 5 times this week; plan 5?")
    }

    @Test func oneBusyWeekIsNotSuggested() throws {
        let ghost = try Self.ghost(.scheduler, workouts: [7, 8, 9, 11, 12])
        let planned = Self.plan(ghost, on: 13)
        #expect(PlanFollowing.suggestion(
            PlanningSettings(training: Self.asked), ghost: ghost, today: Week.monday.adding(days: 13), done: 5, planned: planned) == nil)
    }

    @Test func theSuggestionStopsAtSessionsPerWeekMaxAndIsNotMadeWithoutRoom() {
        let planned = PlanFollowing.Adjustment(sessionsPerWeek: 3, asked: 3, sessionsReason: nil, ownHours: nil)
        let suggest = { (done: Int, earlier: [Int], phase: TrustPhase, settings: TrainingSettings) in
            PlanFollowing.suggestion(done: done, earlier: earlier, phase: phase, planned: planned, settings: settings)
        }
        #expect(suggest(7, [7, 2], .scheduler, Self.asked)?.sessions == 5)
        #expect(suggest(7, [4, 2], .scheduler, Self.asked)?.sessions == 4, "4 is the count reached in two weeks")
        var fixed = Self.asked
        fixed.sessionsPerWeekMax = 3
        #expect(suggest(7, [7, 7], .scheduler, fixed) == nil)
        #expect(suggest(3, [7, 7], .scheduler, Self.asked) == nil)
        #expect(suggest(5, [5, 5], .autoScheduler, Self.asked) == nil, "from Auto-Scheduler up the plan follows without asking")
    }

    @Test func aSchedulerPlansWhatItAgreedToUntilSessionsPerWeekChanges() throws {
        let ghost = try Self.ghost(.scheduler, workouts: [])
        let agreed = AgreedSessions(count: 5, asked: 3, agreedAt: try Week.at(6, 21))
        let planned = Self.plan(ghost, on: 7, agreed: agreed)
        #expect(planned.sessionsPerWeek == 5)
        #expect(planned.sentences == ["I plan 5 sessions a week, not 3, because you agreed to 5 in a weekly receipt."])
        var changed = Self.asked
        changed.sessionsPerWeek = 4
        #expect(Self.plan(ghost, on: 7, settings: changed, agreed: agreed).sessionsPerWeek == 4, "the newer configuration wins")
    }

    @Test func fromAutoSchedulerThePlanFollowsTheCountReachedInTwoOfThreeWeeksWithinTheMaximum() throws {
        let ghost = try Self.ghost(.autoScheduler, workouts: Self.fiveAWeek)
        let planned = Self.plan(ghost, on: 21)
        #expect(planned.sessionsPerWeek == 5)
        #expect(planned.sentences.first == "I plan 5 sessions a week, not 3, because you trained 5, 5, 5 times in your last 3 weeks.")
        var bounded = Self.asked
        bounded.sessionsPerWeekMax = 4
        #expect(Self.plan(ghost, on: 21, settings: bounded).sessionsPerWeek == 4, "never more than sessions_per_week_max")
        #expect(Self.plan(try Self.ghost(.scheduler, workouts: Self.fiveAWeek), on: 21).sessionsPerWeek == 3, "a Scheduler is asked instead")
    }

    @Test func oneBusyWeekIsNotFollowed() throws {
        let ghost = try Self.ghost(.autoScheduler, workouts: [0, 1, 2, 4, 5, 9, 16])
        #expect(Self.plan(ghost, on: 21).sessionsPerWeek == 3, "5, 1, 1: the count reached in two weeks is 1")
    }

    @Test func theHoursFollowWorkoutsOnOnesOwnAndWhySaysSo() throws {
        let ghost = try Self.ghost(.scheduler, workouts: [0, 2, 4, 7], at: 18, minute: 15)
        let planned = Self.plan(ghost, on: 9)
        let hours = try #require(planned.ownHours)
        #expect(hours.window == TimeWindow(from: TimeOfDay(hour: 18, minute: 15), to: TimeOfDay(hour: 19, minute: 15)))
        #expect(hours.sentence
            == "You trained on your own around 18:15 (4 of your last 4 workouts on your own started within an hour of it), so I prefer 18:15–19:15.")
    }

    @Test func scatteredWorkoutsOrTooFewMakeNoOwnHours() throws {
        let few = try Self.ghost(.scheduler, workouts: [0, 2], at: 18)
        #expect(Self.plan(few, on: 9).ownHours == nil)
        var ghost = try Self.ghost(.scheduler, workouts: [0], at: 7)
        for (day, hour) in [(2, 12), (4, 18), (7, 20)] {
            let start = try Week.at(day, hour)
            _ = try ghost.handle(
                .workoutRecorded(WorkoutReport(id: "s\(day)", start: start, end: start.addingTimeInterval(2_700), confidence: 1)),
                now: start.addingTimeInterval(3_600))
        }
        #expect(Self.plan(ghost, on: 9).ownHours == nil, "07:00, 12:00, 18:00, 20:00: no hour holds three of them")
    }

    @Test func ownHoursInsideAPreferredWindowChangeNothing() throws {
        let ghost = try Self.ghost(.scheduler, workouts: [0, 2, 4], at: 7, minute: 30)
        var wide = Self.asked
        wide.preferredWindows = [TimeWindow(from: TimeOfDay(hour: 6), to: TimeOfDay(hour: 10))]
        #expect(Self.plan(ghost, on: 7, settings: wide).ownHours == nil)
    }

    @Test func aSlotInTheOwnHoursBeatsTheConfiguredWindow() throws {
        var settings = Self.asked
        settings.ownHours = TimeWindow(from: TimeOfDay(hour: 18, minute: 15), to: TimeOfDay(hour: 19, minute: 15))
        let finder = try Week.finder(settings)
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [])
        let ranked = try finder.slots(on: Week.monday, request: request).sorted { $0.score != $1.score ? $0.score > $1.score : $0.start < $1.start }
        let best = try #require(ranked.first)
        #expect(best.localStart == TimeOfDay(hour: 18, minute: 15), "\(best.localStart.description)")
        let morning = try #require(try finder.slots(on: Week.monday, request: request).first { $0.localStart == TimeOfDay(hour: 7) })
        #expect(morning.factors.preferredWindow == SchedulingRules.standard.slots.configuredBesideOwnHours)
    }

    @Test func theEveningPlansTheFollowedWeekAndItsReceiptSaysWhy() throws {
        let ghost = try Self.ghost(.autoScheduler, workouts: Self.fiveAWeek, at: 18, minute: 15)
        let sunday = Week.monday.adding(days: 20)
        let picture = WeekPicture(
            calendar: Week.berlin, today: sunday, firstDay: sunday.adding(days: 1), days: 7, ghost: ghost,
            settings: PlanningSettings(training: Self.asked))
        let plan = EveningPlan.decide(picture)
        #expect(plan.week?.asked == 5, "\(plan.notes)")
        #expect(plan.notes.contains("I plan 5 sessions a week, not 3, because you trained 5, 5, 5 times in your last 3 weeks."), "\(plan.notes)")
        let placed = try #require(plan.events.compactMap { event -> BlockCandidate? in
            if case .placementRequested(let candidate, _) = event { return candidate }
            return nil
        }.first)
        let inputs = Dictionary(placed.factors.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(inputs[PlanFollowing.inOwnHoursInput] == "yes")
        #expect(Week.berlin.moment(at: placed.start).minute == 15 && Week.berlin.moment(at: placed.start).hour == 18, "\(placed.start)")
    }
}
