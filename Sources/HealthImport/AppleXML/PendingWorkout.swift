import CivilCalendar
import Foundation

/// A `<Workout>` whose element is still open: its record is delivered when the element closes,
/// after any `<WorkoutStatistics>` child has supplied the energy.
struct PendingWorkout {
    var line: Int
    var source = ""
    var start = Date(timeIntervalSince1970: 0)
    var end = Date(timeIntervalSince1970: 0)
    var activity = ""
    /// From `duration` + `durationUnit`; nil when absent (then end - start).
    var minutes: Double?
    /// From `totalEnergyBurned` (older exports).
    var attributeEnergy: Double?
    /// From `<WorkoutStatistics type="…ActiveEnergyBurned" sum=…>` (newer exports); preferred when present.
    var statisticsEnergy: Double?
    /// The first problem found; the workout is then skipped when it closes.
    var problem: AppleRecordMapper.Problem?

    init(line: Int) {
        self.line = line
    }

    /// The finished workout record, or why it is skipped.
    func finish() -> AppleRecordMapper.Outcome {
        if let problem { return .skipped(problem.reason, problem.message) }
        let minutes = self.minutes ?? end.timeIntervalSince(start) / 60
        guard HealthBounds.workoutMinutes.contains(minutes) else {
            return .skipped(.outOfRange, "workout of \(HealthBounds.text(minutes.rounded())) minutes is outside \(HealthBounds.text(HealthBounds.workoutMinutes))")
        }
        let energy = statisticsEnergy ?? attributeEnergy
        if let energy, !HealthBounds.workoutKilocalories.contains(energy) {
            return .skipped(.outOfRange, "workout energy \(HealthBounds.text(energy)) kcal is outside \(HealthBounds.text(HealthBounds.workoutKilocalories))")
        }
        return .record(HealthSample(
            kind: .workout, source: source, start: start, end: end, value: minutes, detail: activity,
            energyKilocalories: energy))
    }
}
