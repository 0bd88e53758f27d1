import Dispatch
import Foundation
import GhostEngine
import HealthImport
import Logging
import Store
import Synchronization
import VigorRPC

/// Why a health file could not be imported at all (nothing was stored from it).
public struct HealthIntakeError: Error, Sendable, CustomStringConvertible {
    /// True when the state database failed (rather than the file).
    public let storage: Bool
    public let description: String
    /// True when the import was stopped part-way (vigord is shutting down): the file is not at fault.
    public var stopped = false
}

/// Imports health files into the store, off the async pool, and hands new workouts to the Ghost:
/// one that overlaps a block completes it, others count as unplanned activity. Used by
/// `health.import` and the health drop folder. Imports run one at a time; progress is readable meanwhile.
public final class HealthIntake: Sendable {
    private let database: AppDatabase
    private let ghost: GhostHost
    private let output: CalendarOutput
    private let logger: Logger
    private let queue = DispatchQueue(label: "vigord.health-import")
    private let running = Mutex<[String: HealthImportsRunning.Running]>([:])
    /// Imported workouts count for the engine only when they started this recently (older ones are history).
    static let workoutHorizon: TimeInterval = 14 * 86_400
    /// How sure we are that a workout a device recorded was training.
    static let importedWorkoutConfidence = 0.9

    public init(database: AppDatabase, ghost: GhostHost, output: CalendarOutput, logger: Logger) {
        self.database = database
        self.ghost = ghost
        self.output = output
        self.logger = logger
    }

    /// The imports running now.
    public func progress() -> [HealthImportsRunning.Running] {
        running.withLock { Array($0.values).sorted { $0.file < $1.file } }
    }

    /// Imports `path`; throws when nothing could be read from it. A file that stops part-way
    /// (truncated, malformed) returns `complete: false` with what came before it stored.
    public func importFile(at path: String, now: @escaping @Sendable () -> Date) async throws(HealthIntakeError)
        -> HealthImportResult
    {
        let started = now()
        // Cancelling the caller (a shutdown) stops the import at its next chunk, and one still queued before it starts.
        let stop = Stop()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.store(path: path, stop: stop)) }
            }
        } onCancel: {
            stop.request()
        }
        running.withLock { $0[path] = nil }
        var result = try outcome.get()
        let counted = await countWorkouts(result.workouts, now: now())
        result.response.workoutsCompletingBlocks = counted.completing
        result.response.workoutsUnplanned = counted.unplanned
        result.response.workoutsAlreadyCounted = counted.alreadyCounted
        do {
            try await output.sync(now: now())
        } catch {
            logger.error("imported, but vigord's calendar could not be written", metadata: ["error": "\(error)"])
        }
        record(result, path: path, started: started, finished: now())
        logger.info("health file imported", metadata: [
            "file": "\(path)", "added": "\(result.response.added)", "duplicates": "\(result.response.duplicates)",
            "skipped": "\(result.response.skipped)", "complete": "\(result.response.complete)",
        ])
        return result.response
    }

    private struct Stored: Sendable {
        var response: HealthImportResult
        var workouts: [HealthSample]
        var summary: HealthImportSummary
    }

    /// A request to stop an import, set from any thread.
    private final class Stop: Sendable {
        private let requested = Mutex(false)
        func request() { requested.withLock { $0 = true } }
        var isRequested: Bool { requested.withLock { $0 } }
    }

    /// Runs on the import queue: reads the file and stores each batch in its own transaction.
    private func store(path: String, stop: Stop) -> Result<Stored, HealthIntakeError> {
        let url = URL(fileURLWithPath: path)
        var inserted = HealthInsertResult()
        let summary: HealthImportSummary
        var stopped: HealthImportError?
        do {
            summary = try HealthImporter().importFile(at: url, shouldStop: { stop.isRequested }, progress: { read, total in
                self.running.withLock { $0[path] = .init(file: path, bytesRead: read, totalBytes: total) }
            }) { batch in
                let result = try self.database.insertHealthSamples(batch.map(Self.sample))
                inserted.added += result.added
                inserted.duplicates += result.duplicates
                inserted.addedWorkouts += result.addedWorkouts
            }
        } catch {
            if error.kind == .stopped {
                var stoppedError = HealthIntakeError(storage: false, description: error.description)
                stoppedError.stopped = true
                return .failure(stoppedError)
            }
            if error.kind == .deliveryFailed {
                return .failure(HealthIntakeError(storage: true, description: "storing \(url.lastPathComponent) failed: \(error.message)"))
            }
            guard let partial = error.summary, Self.canContinue(error.kind) else {
                return .failure(HealthIntakeError(storage: false, description: error.description))
            }
            summary = partial
            stopped = error
        }
        let response = HealthImportResult(
            file: path, format: summary.format.rawValue, complete: stopped == nil, error: stopped?.description,
            added: inserted.added, duplicates: inserted.duplicates, ignored: summary.ignored, skipped: summary.skippedTotal,
            records: Dictionary(uniqueKeysWithValues: summary.imported.map { ($0.key.rawValue, $0.value) }),
            skippedByReason: Dictionary(uniqueKeysWithValues: summary.skipped.map { ($0.key.rawValue, $0.value) }),
            skippedExamples: summary.examples.map { "line \($0.line): \($0.message)" },
            workoutsCompletingBlocks: 0, workoutsUnplanned: 0, bytes: summary.bytesRead)
        return .success(Stored(response: response, workouts: inserted.addedWorkouts, summary: summary))
    }

    /// Problems after which what was read stands: the file ran out or broke part-way.
    private static func canContinue(_ kind: HealthImportError.Kind) -> Bool {
        [.truncated, .malformed, .unsupportedEncoding].contains(kind)
    }

    private static func sample(_ record: HealthRecord) -> HealthSample {
        HealthSample(
            kind: record.kind, source: record.source, start: record.start, end: record.end, value: record.value,
            detail: record.detail, energyKilocalories: record.energyKilocalories)
    }

    /// Hands recent new workouts to the Ghost, oldest first; returns how many completed a block, how many were
    /// unplanned, and how many were workouts the Ghost had counted already (logged by hand, or from another device).
    private func countWorkouts(
        _ workouts: [HealthSample], now: Date
    ) async -> (completing: Int, unplanned: Int, alreadyCounted: Int) {
        var completing = 0, unplanned = 0, alreadyCounted = 0
        for workout in workouts.sorted(by: { $0.start < $1.start })
        where workout.start > now.addingTimeInterval(-Self.workoutHorizon) && workout.start <= now {
            let report = WorkoutReport(
                id: "sample:\(workout.id ?? 0)", start: workout.start, end: workout.end, confidence: Self.importedWorkoutConfidence,
                source: workout.source, activity: workout.detail, energyKilocalories: workout.energyKilocalories)
            do {
                let before = await ghost.current.workouts.count
                _ = try await ghost.perform(.workoutRecorded(report), at: now)
                let ghostNow = await ghost.current
                guard ghostNow.workouts.count > before, let counted = ghostNow.workouts.last else { continue }
                if counted.countedAs != nil || ghostNow.workouts.contains(where: { $0.countedAs == counted.id }) {
                    alreadyCounted += 1
                } else if counted.completedBlock != nil {
                    completing += 1
                } else {
                    unplanned += 1
                }
            } catch {
                logger.warning("an imported workout was not counted", metadata: ["workout": "\(report.id)", "error": "\(error)"])
            }
        }
        return (completing, unplanned, alreadyCounted)
    }

    private func record(_ result: Stored, path: String, started: Date, finished: Date) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            _ = try database.recordHealthImport(HealthImportRun(
                file: path, format: result.response.format, startedAt: started, finishedAt: finished, added: result.response.added,
                duplicates: result.response.duplicates, skipped: result.response.skipped, error: result.response.error,
                summary: try encoder.encode(result.summary)))
        } catch {
            logger.error("could not record the health import", metadata: ["file": "\(path)", "error": "\(error)"])
        }
    }
}
