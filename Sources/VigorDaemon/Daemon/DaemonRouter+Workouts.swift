import Foundation
import GhostEngine
import VigorRPC

extension DaemonRouter {
    /// `workout.log` and `workout.undo`: the user says they trained, or that a counted workout was wrong.
    static func registerWorkouts(_ router: inout RPCRouter, _ context: Context) {
        router.registerOffLoop(WorkoutLogMethod.self) { params in
            let now = context.now()
            let config = await context.state.config
            let minutes = params.minutes ?? config.training.durationMinutes
            guard (1...600).contains(minutes) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'minutes' must be between 1 and 600; got \(minutes)")
            }
            let start = try params.at.map { text throws(RPCErrorObject) -> Date in
                guard let stamp = RPCTimestamp(rfc3339: text) else {
                    throw RPCErrorObject(.invalidParams, "Invalid params: field 'at' must be an RFC 3339 time; got '\(text)'")
                }
                return stamp.date
            } ?? now.addingTimeInterval(-TimeInterval(minutes * 60))
            guard start <= now.addingTimeInterval(300) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'at' is in the future")
            }
            let end = start.addingTimeInterval(TimeInterval(minutes * 60))
            let id = "log:\(Int(start.timeIntervalSince1970))"
            let before = await context.ghost.current.workouts.count
            try await Self.perform(
                .workoutRecorded(WorkoutReport(id: id, start: start, end: end, confidence: 1)), on: context.ghost, now: now)
            try await Self.publish(context, now: now)
            let ghost = await context.ghost.current
            let counted = ghost.workouts.count > before
            return WorkoutLogResult(
                workout: id, start: RPCTimestamp(start, in: config.schedule.zone).description,
                end: RPCTimestamp(end, in: config.schedule.zone).description,
                block: counted ? ghost.workouts.last?.completedBlock?.rawValue : nil, counted: counted, ghost: GhostStatus(ghost))
        }
        router.registerOffLoop(WorkoutUndoMethod.self) { params in
            let now = context.now()
            let zone = await context.state.config.schedule.zone
            try await Self.perform(.workoutUndone(id: params.workout), on: context.ghost, now: now)
            try await Self.publish(context, now: now)
            let ghost = await context.ghost.current
            guard let undone = ghost.workouts.last(where: { $0.undone && (params.workout == nil || $0.id == params.workout) }) else {
                throw RPCErrorObject(.internalError, "Internal error")
            }
            return WorkoutLogResult(
                workout: undone.id, start: RPCTimestamp(undone.start, in: zone).description,
                end: RPCTimestamp(undone.end, in: zone).description, block: undone.completedBlock?.rawValue, counted: false,
                ghost: GhostStatus(ghost))
        }
    }
}
