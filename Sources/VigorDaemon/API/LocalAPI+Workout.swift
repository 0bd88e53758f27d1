import Foundation
import VigorRPC

extension LocalAPI {
    /// `workout.log`: the user says they trained; a workout over a block completes it.
    func serveWorkoutLog(_ params: WorkoutLogMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        let config = await backend.config()
        let minutes = params.minutes ?? config.training.durationMinutes
        guard (1...600).contains(minutes) else {
            throw APIError.invalidParams("field 'minutes' must be between 1 and 600; got \(minutes)")
        }
        let start = try params.at.map { text throws(RPCErrorObject) -> Date in
            guard let stamp = RPCTimestamp(rfc3339: text) else {
                throw APIError.invalidParams("field 'at' must be an RFC 3339 time; got '\(text)'")
            }
            return stamp.date
        } ?? now.addingTimeInterval(-TimeInterval(minutes * 60))
        guard start <= now.addingTimeInterval(300) else {
            throw APIError.invalidParams("field 'at' is in the future")
        }
        let outcome = try await backend.logWorkout(start: start, end: start.addingTimeInterval(TimeInterval(minutes * 60)), at: now)
        return WorkoutLogResult(outcome, zone: config.schedule.zone, now: now)
    }

    /// `workout.undo`: a counted workout was wrong (the newest, or the one named).
    func serveWorkoutUndo(_ params: WorkoutUndoMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        return WorkoutLogResult(try await backend.undoWorkout(params.workout, at: now), zone: await backend.zone(), now: now)
    }

    /// `workout.confirm`: a counted workout was right.
    func serveWorkoutConfirm(_ params: WorkoutConfirmMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        return WorkoutLogResult(try await backend.confirmWorkout(params.workout, at: now), zone: await backend.zone(), now: now)
    }
}
