import Foundation
import HealthImport
import Store
import VigorConfig

/// What one read of a health source found and did.
public struct HealthSourceReading: Sendable, Equatable {
    /// Files read now (new or changed since the last read).
    public var filesRead = 0
    /// Samples stored that were not there before.
    public var added = 0
    /// Workouts that completed one of the Ghost's blocks.
    public var workoutsCompletingBlocks = 0
    /// Why a file could not be read, one line each ("name: reason").
    public var failures: [String] = []
}

extension GhostBackend {
    /// Reads the files of `source` that are new or changed since vigord last read them, each changed one from a little
    /// before the newest sample it gave then (`HealthSourceReadPlan`), through the import every health file takes, and
    /// remembers how each was read. Nothing inside the source is written. A file of another format than the source's
    /// `format`, or in a folder one that holds no health data vigord reads, is passed over (and remembered, so it is not
    /// looked at again until it changes). Throws when the source cannot be listed, the store fails or vigord stops.
    public func readHealthSource(
        _ source: HealthSourceEntry, clock: @escaping @Sendable () -> Date
    ) async throws -> HealthSourceReading {
        let found = try HealthSourceListing.files(of: source.path)
        let isFolder = HealthIntake.isFolder(source.path)
        let remembered = try database.healthSourceFiles(source: source.name)
        let before = Dictionary(remembered.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var reading = HealthSourceReading()
        for read in HealthSourceReadPlan.reads(found: found, remembered: remembered) {
            let path = read.file.path
            let name = (path as NSString).lastPathComponent
            var newest = before[path]?.newestStart
            do {
                if try passesOver(path, in: source, isFolder: isFolder) {
                    newest = nil
                } else {
                    let imported = try await importHealthFile(path: path, since: read.since, clock: clock)
                    reading.filesRead += 1
                    reading.added += imported.added
                    reading.workoutsCompletingBlocks += imported.workoutsCompletingBlocks
                    if let problem = imported.problem { reading.failures.append("\(name): \(problem)") }
                    newest = [newest, imported.newestStart].compactMap { $0 }.max()
                }
            } catch let error as HealthIntakeError where error.storage || error.stopped {
                throw error
            } catch {
                // Not remembered: a file that could not be read is tried again when it changes or on the next pass.
                reading.failures.append("\(name): \(error)")
                continue
            }
            try database.saveHealthSourceFile(HealthSourceFile(
                source: source.name, path: path, size: read.file.size, modifiedAt: read.file.modifiedAt, inode: read.file.inode,
                readAt: clock(), newestStart: newest))
        }
        return reading
    }

    /// Whether `path` is not for this source: another format than the one it names, or, in a folder, no health file
    /// vigord reads (a photo beside the exports). A file the source names itself is always read, so its problem is told.
    private func passesOver(_ path: String, in source: HealthSourceEntry, isFolder: Bool) throws -> Bool {
        guard isFolder || source.format != nil else { return false }
        let format: HealthFileFormat
        do {
            format = try HealthImporter.detectFormat(of: URL(fileURLWithPath: path))
        } catch {
            guard error.kind == .unknownFormat, isFolder else { throw error }
            return true
        }
        return source.format.map { $0 != format } ?? false
    }
}

/// One watched health source as `health.sources` and status show it: how it is configured, how it fares now, and what
/// vigord remembers of reading it.
public struct HealthSourceReport: Sendable {
    public var entry: HealthSourceEntry
    public var state: HealthSourceStates.State
    /// Files of it vigord has read.
    public var files: Int
    public var lastReadAt: Date?
    public var newestSampleAt: Date?
}

extension GhostBackend {
    /// Every `[[health.source]]` in force, in the file's order, with how it fares.
    public func healthSources() async throws -> [HealthSourceReport] {
        try await state.config.health.sources.map { entry in
            let files = try database.healthSourceFiles(source: entry.name)
            return HealthSourceReport(
                entry: entry, state: health.sources.state(of: entry.name), files: files.count,
                lastReadAt: files.map(\.readAt).max(), newestSampleAt: files.compactMap(\.newestStart).max())
        }
    }
}
