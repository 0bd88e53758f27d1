import CivilCalendar
import Foundation
import GhostEngine

/// How the user trains, read from the workouts the Ghost counted: how many a training week, and when the workouts
/// on their own (outside every Ghost block) start. Pure; the plan follows it (`PlanFollowing`).
public struct OwnTraining: Sendable, Equatable {
    /// One workout on one's own: its day and local start.
    public struct Workout: Sendable, Equatable {
        public var day: LocalDay
        public var start: TimeOfDay

        public init(day: LocalDay, start: TimeOfDay) {
            self.day = day
            self.start = start
        }
    }

    /// Workouts counted in each of the last complete training weeks, the newest first (blocks done and workouts on
    /// one's own alike; one per workout however many sources reported it).
    public var weeklyCounts: [Int]
    /// The workouts on one's own of the last `lookbackDays` before today, oldest first.
    public var onOwn: [Workout]
    /// Ghost sessions (written or accepted blocks) that passed without a workout since the user last trained, in a
    /// block or on their own; all of them when they never did.
    public var missedSinceTraining: Int

    /// Creates a reading.
    public init(weeklyCounts: [Int], onOwn: [Workout], missedSinceTraining: Int = 0) {
        self.weeklyCounts = weeklyCounts
        self.onOwn = onOwn
        self.missedSinceTraining = missedSinceTraining
    }

    /// The reading of `ghost` on `today`: the `weeks` training weeks (from `firstWeekday`) complete by the end of `today`
    /// (on a week's last day, that week is the newest), and the workouts on one's own of the `lookbackDays` days before
    /// `today`.
    public static func read(
        _ ghost: Ghost, today: LocalDay, firstWeekday: Int, weeks: Int, lookbackDays: Int
    ) -> OwnTraining {
        let counted = ghost.workouts.filter(\.counts)
        let thisWeek = TrainingWeek.start(of: today.adding(days: 1), firstWeekday: firstWeekday)
        let counts = (1...max(1, weeks)).map { back -> Int in
            let first = thisWeek.adding(days: -7 * back)
            let last = first.adding(days: 6)
            return counted.filter { $0.day >= first && $0.day <= last }.count
        }
        let since = today.adding(days: -lookbackDays)
        let own = counted.filter { $0.completedBlock == nil && $0.day >= since && $0.day < today }
            .sorted { $0.start < $1.start }
            .map { workout -> Workout in
                let local = ghost.calendar.moment(at: workout.start)
                return Workout(day: local.day, start: TimeOfDay(hour: local.hour, minute: local.minute))
            }
        let lastTrained = counted.map(\.start).max()
        let missed = ghost.blocks.filter { block in
            block.status == .missed && block.day <= today && lastTrained.map { block.start > $0 } ?? true
        }.count
        return OwnTraining(weeklyCounts: weeks < 1 ? [] : counts, onOwn: own, missedSinceTraining: missed)
    }
}
