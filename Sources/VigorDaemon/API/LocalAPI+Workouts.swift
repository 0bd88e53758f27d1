import Foundation
import GhostEngine
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

extension LocalAPI {
    /// `workout.log`: the user says they trained; a workout over a block completes it.
    func serveWorkoutLog(_ params: WorkoutLogMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        let config = await context.state.config
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
        let end = start.addingTimeInterval(TimeInterval(minutes * 60))
        let id = "log:\(Int(start.timeIntervalSince1970))"
        let before = await context.ghost.current.workouts.count
        try await perform(.workoutRecorded(WorkoutReport(id: id, start: start, end: end, confidence: 1)), now: now)
        try await publish(now: now)
        let ghost = await context.ghost.current
        let entry = ghost.workouts.count > before ? ghost.workouts.last : nil
        // A workout a device recorded already: the log is kept beside it and the measured record counts.
        let countedAs = entry?.countedAs.flatMap { id in ghost.workouts.first { $0.id == id } }
        return WorkoutLogResult(
            workout: id, start: RPCTimestamp(start, in: config.schedule.zone).description,
            end: RPCTimestamp(end, in: config.schedule.zone).description,
            block: (countedAs ?? entry)?.completedBlock?.rawValue, counted: entry?.counts == true, countedAs: countedAs?.id,
            ghost: GhostStatus(ghost, now: now))
    }

    /// `workout.undo`: a counted workout was wrong (the newest, or the one named).
    func serveWorkoutUndo(_ params: WorkoutUndoMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        let zone = await zone()
        let target = await context.ghost.current.workoutToUndo(params.workout)
        try await perform(.workoutUndone(id: params.workout), now: now)
        try await publish(now: now)
        let ghost = await context.ghost.current
        guard let undone = target else { throw RPCErrorObject(.internalError, "Internal error") }
        // A hand log the import confirmed goes alone: the measured workout still counts, and its block stays completed.
        let stillCounted = undone.countedAs.flatMap { id in ghost.workouts.first { $0.id == id && $0.counts } }
        return WorkoutLogResult(
            workout: undone.id, start: RPCTimestamp(undone.start, in: zone).description,
            end: RPCTimestamp(undone.end, in: zone).description,
            block: stillCounted == nil ? undone.completedBlock?.rawValue : stillCounted?.completedBlock?.rawValue, counted: false,
            countedAs: stillCounted?.id, ghost: GhostStatus(ghost, now: now))
    }

    /// `workout.confirm`: a counted workout was right.
    func serveWorkoutConfirm(_ params: WorkoutConfirmMethod.Params) async throws -> WorkoutLogResult {
        let now = context.now()
        let zone = await zone()
        try await perform(.workoutConfirmed(id: params.workout), now: now)
        let ghost = await context.ghost.current
        guard let workout = ghost.workouts.last(where: { $0.id == params.workout && $0.counts }) else {
            throw RPCErrorObject(.internalError, "Internal error")
        }
        return WorkoutLogResult(
            workout: workout.id, start: RPCTimestamp(workout.start, in: zone).description,
            end: RPCTimestamp(workout.end, in: zone).description, block: workout.completedBlock?.rawValue, counted: true,
            ghost: GhostStatus(ghost, now: now))
    }

    /// `health.import`: reads a health file (Apple Health export, JSON Lines, CSV) into the store.
    func serveHealthImport(_ params: HealthImportMethod.Params) async throws -> HealthImportResult {
        guard params.path.hasPrefix("/") else {
            throw APIError.invalidParams("field 'path' must be an absolute path; got '\(params.path)'")
        }
        var status = stat()
        if stat(params.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            return try await context.health.importFolder(at: params.path, now: context.now)
        }
        return try await context.health.importFile(at: params.path, now: context.now)
    }

    /// `health.imports`: how far the running imports are.
    func serveHealthImports(_: HealthImportsMethod.Params) async throws -> HealthImportsRunning {
        HealthImportsRunning(running: context.health.progress())
    }
}
