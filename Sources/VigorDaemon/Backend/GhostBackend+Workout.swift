import Foundation
import GhostEngine

/// What a workout intent did: the workout (id and times), the block it completes, whether it counts, and the
/// measured workout it counts as when a device recorded it already.
public struct WorkoutOutcome: Sendable {
    public var workout: String
    public var start: Date
    public var end: Date
    public var block: BlockID?
    public var counted: Bool
    public var countedAs: String?
    public var ghost: Ghost
}

extension GhostBackend {
    /// The user says they trained from `start` to `end`; a workout over a block completes it.
    public func logWorkout(start: Date, end: Date, at now: Date) async throws -> WorkoutOutcome {
        let report = WorkoutReport.logged(start: start, end: end)
        let id = report.id
        let before = await ghost.current.workouts.count
        try await decide(.workoutRecorded(report), at: now)
        let current = await ghost.current
        let entry = current.workouts.count > before ? current.workouts.last : nil
        // A workout a device recorded already: the log is kept beside it and the measured record counts.
        let countedAs = entry?.countedAs.flatMap { id in current.workouts.first { $0.id == id } }
        return WorkoutOutcome(
            workout: id, start: start, end: end, block: (countedAs ?? entry)?.completedBlock, counted: entry?.counts == true,
            countedAs: countedAs?.id, ghost: current)
    }

    /// A counted workout was wrong (the newest, or the one named).
    public func undoWorkout(_ id: String?, at now: Date) async throws -> WorkoutOutcome {
        let target = await ghost.current.workoutToUndo(id)
        try await decide(.workoutUndone(id: id), at: now)
        let current = await ghost.current
        guard let undone = target else { throw BackendError.workoutMissing(id ?? "newest") }
        // A hand log the import confirmed goes alone: the measured workout still counts, and its block stays completed.
        let stillCounted = undone.countedAs.flatMap { id in current.workouts.first { $0.id == id && $0.counts } }
        return WorkoutOutcome(
            workout: undone.id, start: undone.start, end: undone.end,
            block: stillCounted == nil ? undone.completedBlock : stillCounted?.completedBlock, counted: false,
            countedAs: stillCounted?.id, ghost: current)
    }

    /// A counted workout was right.
    public func confirmWorkout(_ id: String, at now: Date) async throws -> WorkoutOutcome {
        try await decide(.workoutConfirmed(id: id), at: now)
        let current = await ghost.current
        guard let workout = current.workouts.last(where: { $0.id == id && $0.counts }) else {
            throw BackendError.workoutMissing(id)
        }
        return WorkoutOutcome(
            workout: workout.id, start: workout.start, end: workout.end, block: workout.completedBlock, counted: true,
            countedAs: nil, ghost: current)
    }
}
