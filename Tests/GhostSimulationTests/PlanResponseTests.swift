import GhostEngine
import GhostSimulation
import Testing

/// A simulated user with a behaviour model answers the plan: blocks cause workouts by the response's chance, the habit
/// goes on without them.
struct PlanResponseTests {
    /// Four weeks with sessions in 07:00–08:00, the Ghost pinned at `phase` (Observer: no block at all; Scheduler: a
    /// proposal per session, every one accepted); the plan stays at 3 a week, whatever the user does on their own.
    func run(_ behaviour: TrainingBehaviour, phase: TrustPhase) throws -> Trajectory {
        let scenario = Scenario(
            name: "answers the plan", startDate: "2026-03-02", days: 28, timeZone: "Europe/Berlin", seed: 11,
            config: "[training]\npreferred = [\"07:00-08:00\"]\nsessions_per_week_max = 3\n", completion: CompletionBehaviour(rate: 1),
            manualPhaseChanges: [ManualPhaseChange(day: 1, phase: phase)], behaviour: behaviour)
        return try ScenarioFiles.simulator(scenario).run()
    }

    func behaviour(habit: Double, hour: Int, accepted: Double, farFromHabit: Double = 0.4) -> TrainingBehaviour {
        TrainingBehaviour(
            habit: TrainingHabit(byWeekday: Array(repeating: habit, count: 7), hour: hour),
            response: BlockResponse(
                accepted: accepted, written: accepted, perHourFromHabit: 0.15, farFromHabit: farFromHabit, busyDay: 1,
                busyDayHours: 9, shortNight: 1, shortNightMinutes: 360))
    }

    @Test func theSameUserDoesMoreWorkoutsWithGhostBlocksThanWithout() throws {
        let user = behaviour(habit: 0.3, hour: 7, accepted: 1)
        let withBlocks = try run(user, phase: .scheduler)
        let without = try run(user, phase: .observer)
        let sessions = withBlocks.days.filter { $0.blocks.contains { $0.status == .completed || $0.status == .missed } }
        #expect(without.days.allSatisfy { $0.blocks.isEmpty })
        #expect(sessions.count >= 10)
        // The response says 1 for an accepted block at the habit's hour: every session is done, in its block.
        #expect(sessions.allSatisfy { $0.workout?.inGhostBlock == true })
        let done = { (trajectory: Trajectory) in trajectory.days.compactMap(\.workout).count }
        #expect(done(withBlocks) > done(without) + 5)
    }

    @Test func aBlockFarFromTheHabitsHourIsSkipped() throws {
        // Blocks at 07:00 for someone who trains at 20:00, 13 hours away: the response falls to `farFromHabit`, 0.
        let trajectory = try run(behaviour(habit: 0, hour: 20, accepted: 1, farFromHabit: 0), phase: .scheduler)
        #expect(trajectory.days.contains { $0.blocks.contains { $0.status == .missed } })
        #expect(trajectory.days.allSatisfy { $0.workout == nil })
    }

    @Test func aBusyDayAndAShortNightEachLowerTheChanceOfTrainingInABlock() {
        var user = behaviour(habit: 0, hour: 18, accepted: 0.8)
        user.response.busyDay = 0.5
        user.response.shortNight = 0.5
        let chance = { (busyHours: Double, shortNight: Bool) in
            user.chanceInBlock(blockHour: 18, accepted: true, weekday: 2, busyHours: busyHours, shortNight: shortNight, readiness: 1)
        }
        #expect(chance(2, false) == 0.8)
        #expect(chance(10, false) == 0.4)
        #expect(chance(2, true) == 0.4)
        #expect(chance(10, true) == 0.2)
        // Two hours away from the habit: 0.8 × (1 − 2 × 0.15).
        #expect(abs(user.chanceInBlock(blockHour: 20, accepted: true, weekday: 2, busyHours: 0, shortNight: false, readiness: 1) - 0.56) < 1e-9)
    }
}
