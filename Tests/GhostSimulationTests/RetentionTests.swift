import GhostEngine
import GhostSimulation
import Testing

/// Simulated users stop using vigord by the retention rules: too many questions, blocks ignored, no value.
struct RetentionTests {
    /// The central model's rules: a week with 7 questions or more is a nagging week, two in a row and the user leaves;
    /// 3 blocks missed or deleted in a week; 21 days with nothing done in a block.
    let central = RetentionRules(questionsPerWeek: 7, naggingWeeks: 2, ignoredPerWeek: 3, daysWithoutValue: 21)

    /// Three weeks with the Ghost pinned at Scheduler proposing `sessions` a week in 07:00–10:45, each accepted.
    func run(
        _ behaviour: TrainingBehaviour, sessions: Int = 7, meetings: [MeetingChange] = [], missedBeforeSteppingBack: Int = 2
    ) throws -> Trajectory {
        let scenario = Scenario(
            name: "leaves", startDate: "2026-03-02", days: 21, timeZone: "Europe/Berlin", seed: 3,
            config: "[training]\nsessions_per_week = \(sessions)\nmin_hours_between_sessions = 0\npreferred = [\"07:00-10:45\"]\n"
                + "[engine.patterns]\nmissed_before_stepping_back = \(missedBeforeSteppingBack)\n",
            completion: CompletionBehaviour(rate: 1), manualPhaseChanges: [ManualPhaseChange(day: 1, phase: .scheduler)],
            meetingChanges: meetings, behaviour: behaviour, retention: central)
        return try ScenarioFiles.simulator(scenario).run()
    }

    func behaviour(inBlock: Double) -> TrainingBehaviour {
        TrainingBehaviour(
            habit: TrainingHabit(byWeekday: Array(repeating: 0, count: 7), hour: 7),
            response: BlockResponse(
                accepted: inBlock, written: inBlock, perHourFromHabit: 0, farFromHabit: 1, busyDay: 1, busyDayHours: 9,
                shortNight: 1, shortNightMinutes: 360))
    }

    @Test func aUserAskedSevenTimesAWeekOrMoreTwiceLeavesWithinTwoWeeks() throws {
        // A proposal every evening and a meeting over the block on most days (a move proposal each): ten questions in the
        // first week; in the second the yes to Sunday's weekly question books the accepted sessions, but the meetings
        // still ask about every block: seven or more, to a user who does every session.
        let meetings = Array(2...21).map { MeetingChange(day: $0, fromHour: 7, toHour: 8, title: "Standup") }
        let trajectory = try run(behaviour(inBlock: 1), meetings: meetings)
        let asked = { (week: Int) in trajectory.days.filter { ($0.day - 1) / 7 == week }.reduce(0) { $0 + $1.questions } }
        #expect(asked(0) >= 10)
        #expect(asked(1) >= 7)
        #expect(trajectory.left == Departure(day: 14, reason: .tooManyQuestions))
        #expect(trajectory.days.count == 14)
    }

    @Test func aUserWhoSkipsEveryBlockLeavesAtTheEndOfTheFirstWeekWithThreeMissed() throws {
        // The plan never steps back here: seven sessions a week placed, every one missed.
        let trajectory = try run(behaviour(inBlock: 0), missedBeforeSteppingBack: 0)
        #expect(trajectory.left == Departure(day: 7, reason: .blocksIgnored))
    }

    @Test func aUserWhoSkipsEveryBlockGetsOneSessionAWeekAfterTwoAndIsNotDrivenAwayByMissedBlocks() throws {
        let trajectory = try run(behaviour(inBlock: 0), sessions: 3)
        let missed = { (week: Int) in
            trajectory.days.filter { ($0.day - 1) / 7 == week }.flatMap(\.blocks).filter { $0.status == .missed }.count
        }
        #expect(missed(0) == 2, "two sessions passed without a workout, then the plan stepped back")
        #expect(trajectory.left?.reason != .blocksIgnored, "\(String(describing: trajectory.left))")
        #expect((1...2).allSatisfy { missed($0) <= 1 }, "one session a week while nothing is done")
    }

    @Test func aUserWhoDoesEverySessionAndIsAskedLittleStays() throws {
        let calm = try run(behaviour(inBlock: 1), sessions: 3)
        #expect(calm.days.allSatisfy { $0.questions <= 1 })
        #expect(calm.left == nil)
        #expect(calm.days.count == 21)
    }
}
