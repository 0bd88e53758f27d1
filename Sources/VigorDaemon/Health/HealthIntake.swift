import CivilCalendar
import Dispatch
import Foundation
import GhostEngine
import HealthImport
import Logging
import Store
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Why a health file could not be imported at all (nothing was stored from it).
public struct HealthIntakeError: Error, Sendable, CustomStringConvertible {
    /// True when the state database failed (rather than the file).
    public let storage: Bool
    public let description: String
    /// True when the import was stopped part-way (vigord is shutting down): the file is not at fault.
    public var stopped = false
}

/// Imports health files into the store, off the async pool; the backend hands the new workouts to the Ghost
/// (`GhostBackend.importHealth`). Used by `health.import` and the health drop folder. Imports run one at a time;
/// progress is readable meanwhile.
public final class HealthIntake: Sendable {
    private let database: AppDatabase
    private let logger: Logger
    private let queue = DispatchQueue(label: "vigord.health-import")
    private let running = Mutex<[String: ImportProgress]>([:])
    private let futureSamples = Mutex(FutureSampleEpisodes())
    /// How each watched health source fares (`HealthSourceService` sets it, status and `health.sources` read it).
    let sources = HealthSourceStates()
    /// Imported workouts count for the engine only when they started this recently (older ones are history).
    static let workoutHorizon: TimeInterval = 14 * 86_400
    /// New sleep, HRV and resting heart rate samples are handed back when they ended this recently: enough for any of
    /// today's night (from the start of yesterday), which a late night re-decides the morning with (`LateNight`).
    static let nightHorizon: TimeInterval = 3 * 86_400

    public init(database: AppDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// How far one running import is.
    public struct ImportProgress: Sendable, Equatable {
        public var file: String
        public var bytesRead: Int64
        public var totalBytes: Int64
    }

    /// The imports running now.
    public func progress() -> [ImportProgress] {
        running.withLock { Array($0.values).sorted { $0.file < $1.file } }
    }

    /// What one import stored: its counts, the workouts it added (for the Ghost) and the importer's summary.
    public struct Imported: Sendable {
        public var file: String
        /// Samples that were new.
        public var added: Int
        /// Samples already stored.
        public var duplicates: Int
        /// Why the file stopped part-way (truncated, malformed); nil when it was read to its end.
        public var problem: String?
        /// What the new recent workouts became once the Ghost counted them (`GhostBackend.importHealthFile`).
        public var workoutsCompletingBlocks = 0
        public var workoutsUnplanned = 0
        /// Workouts the Ghost had counted already (logged by hand, or imported from another device).
        public var workoutsAlreadyCounted = 0
        var workouts: [HealthInsertResult.Workout]
        /// What the importer read: the format, the records per kind, the skipped ones and the bytes.
        public var summary: HealthImportSummary
        var startedAt: Date
        /// The start of the newest sample the file gave (stored or already there); nil when it gave none.
        var newestStart: Date?
        /// The new sleep, HRV and resting heart rate samples that ended within `nightHorizon` of the start.
        var recentNightSamples: [HealthSample]

        /// Whether the file was read to its end.
        public var complete: Bool { problem == nil }
    }

    /// Imports `path` into the store; throws when nothing could be read from it. A file that stops part-way
    /// (truncated, malformed) returns `complete: false` with what came before it stored. A sample that starts after
    /// `now()` is refused and counted (`future`), the rest of the file is stored. The backend hands the new
    /// workouts to the Ghost and then has the import recorded (`record`). With `since` (a re-read of a health source)
    /// only samples starting from then are delivered.
    public func importFile(
        at path: String, since: Date? = nil, now: @escaping @Sendable () -> Date
    ) async throws(HealthIntakeError) -> Imported {
        let started = now()
        // Cancelling the caller (a shutdown) stops the import at its next chunk, and one still queued before it starts.
        let stop = Stop()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let nightsSince = started.addingTimeInterval(-Self.nightHorizon)
                queue.async {
                    continuation.resume(returning: self.store(
                        path: path, since: since, now: started, nightsSince: nightsSince, stop: stop))
                }
            }
        } onCancel: {
            stop.request()
        }
        running.withLock { $0[path] = nil }
        var imported = try outcome.get()
        imported.startedAt = started
        return imported
    }

    /// The engine's reports of the recent new workouts of an import, oldest first (older ones are history).
    static func workoutReports(_ imported: Imported, now: Date) -> [WorkoutReport] {
        imported.workouts.sorted(by: { $0.sample.start < $1.sample.start })
            .filter { $0.sample.start > now.addingTimeInterval(-Self.workoutHorizon) && $0.sample.start <= now }
            .map { added in WorkoutReport(imported: added.sample, id: "sample:\(added.rowID)") }
    }

    /// The entries directly in the folder at `path`, in name order, hidden ones skipped, each marked when it is a folder
    /// itself (a folder of FIT files is imported file by file: `GhostBackend.importHealth`).
    static func folderEntries(at path: String) throws(HealthIntakeError) -> [(name: String, isFolder: Bool)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw HealthIntakeError(storage: false, description: "cannot list the folder \(path): \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw HealthIntakeError(storage: false, description: "\(path) is an empty folder: no file to import") }
        return names.map { name in
            var status = stat()
            let file = (path as NSString).appendingPathComponent(name)
            return (name, lstat(file, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
        }
    }

    /// Whether `path` names a folder (followed through a link, as the user named it).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// A request to stop an import, set from any thread.
    private final class Stop: Sendable {
        private let requested = Mutex(false)
        func request() { requested.withLock { $0 = true } }
        var isRequested: Bool { requested.withLock { $0 } }
    }

    /// Runs on the import queue: reads the file and stores each batch in its own transaction; keeps the new night samples
    /// that ended after `nightsSince`. A sample starting after `now` is refused (`HealthSkipReason.future`).
    private func store(path: String, since: Date?, now: Date, nightsSince: Date, stop: Stop) -> Result<Imported, HealthIntakeError> {
        let url = URL(fileURLWithPath: path)
        var inserted = HealthInsertResult()
        var newestStart: Date?
        let summary: HealthImportSummary
        var stopped: HealthImportError?
        do {
            summary = try HealthImporter().importFile(at: url, since: since, now: now, shouldStop: { stop.isRequested }, progress: { read, total in
                self.running.withLock { $0[path] = .init(file: path, bytesRead: read, totalBytes: total) }
            }) { batch in
                if let newest = batch.map(\.start).max() { newestStart = max(newestStart ?? newest, newest) }
                let result = try self.database.insertHealthSamples(batch) { sample in
                    [.sleep, .hrv, .restingHeartRate].contains(sample.kind) && sample.end > nightsSince
                }
                inserted.addedKept += result.addedKept
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
        return .success(Imported(
            file: path, added: inserted.added, duplicates: inserted.duplicates, problem: stopped?.description,
            workouts: inserted.addedWorkouts, summary: summary, startedAt: .distantPast, newestStart: newestStart,
            recentNightSamples: inserted.addedKept))
    }

    /// Logs samples from the future once when a folder's files begin bringing them and once when they stop.
    private func logFutureSamples(_ result: Imported) {
        let refused = result.summary.skipped[.future, default: 0]
        let folder = (result.file as NSString).deletingLastPathComponent
        switch futureSamples.withLock({ $0.imported(from: folder, refused: refused) }) {
        case .began:
            let example = result.summary.examples.first { $0.reason == .future }
            logger.warning("health samples from the future refused", metadata: [
                "file": "\(result.file)", "refused": "\(refused)", "first": "\(example?.message ?? "")",
            ])
        case .ended:
            logger.info("health samples from the future no longer arrive", metadata: ["folder": "\(folder)", "file": "\(result.file)"])
        case .unchanged:
            break
        }
    }

    /// Problems after which what was read stands: the file ran out or broke part-way.
    private static func canContinue(_ kind: HealthImportError.Kind) -> Bool {
        [.truncated, .malformed, .unsupportedEncoding].contains(kind)
    }

    /// Records the import run (what `status` and the health folder's bookkeeping read) and logs it.
    func record(_ result: Imported, finished: Date) {
        let path = result.file
        let started = result.startedAt
        logger.info("health file imported", metadata: [
            "file": "\(path)", "added": "\(result.added)", "duplicates": "\(result.duplicates)",
            "skipped": "\(result.summary.skippedTotal)", "complete": "\(result.complete)",
            "nights_still_recorded": "\(result.summary.nightsStillRecorded)",
        ])
        logFutureSamples(result)
        do {
            _ = try database.recordHealthImport(HealthImportRun(
                file: path, format: result.summary.format.rawValue, startedAt: started, finishedAt: finished, added: result.added,
                duplicates: result.duplicates, skipped: result.summary.skippedTotal, error: result.problem,
                summary: try StoredJSON.encode(result.summary)))
        } catch {
            logger.error("could not record the health import", metadata: ["file": "\(path)", "error": "\(error)"])
        }
    }
}
