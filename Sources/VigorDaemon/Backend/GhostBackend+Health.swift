import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// What recording a check-in did.
public struct CheckInOutcome: Sendable {
    /// The morning it counts for (the local date of the request).
    public var day: LocalDay
    public var sleptMinutes: Int?
    public var felt: Feeling?
    /// True when it replaced an earlier check-in of the same morning.
    public var replaced: Bool
    public var checkInsLast14Days: Int
    public var ghost: Ghost
}

/// The stored recovery scores of some days, each day's current score beside the earlier ones.
public struct RecoveryHistoryReading: Sendable {
    public struct Day: Sendable {
        public var current: RecoveryScore
        public var computedAt: Date
        public var earlier: [RecoveryScore]
    }

    public var formula: String
    /// Newest first.
    public var days: [Day]
    public var zone: TimeZone
}

extension GhostBackend {
    /// This morning's self-report for the local date of `now`, read with today's morning picture once. After the
    /// morning cycle, recovery is scored again and the morning rules read it for the blocks still ahead today. The
    /// check-in, its score and their events are one decision, saved in one transaction.
    public func checkIn(sleptMinutes: Int?, felt: Feeling?, at now: Date) async throws -> CheckInOutcome {
        let settings = WeekPictureReader.Settings(await state.config)
        let today = LocalCalendar(timeZone: settings.zone).day(of: now)
        let read = try await cycles.checkIn(
            CheckIn(localDate: today, sleptMinutes: sleptMinutes, felt: felt, recordedAt: now), now: now, settings: settings)
        let replaced = try await decide(read.decision, at: now).saved.replacedCheckIn
        await settleNotifications(at: now, poorNight: read.poorNight)
        let recent = try database.checkIns(from: today.adding(days: -13), through: today)
        return CheckInOutcome(
            day: today, sleptMinutes: sleptMinutes, felt: felt, replaced: replaced, checkInsLast14Days: recent.count,
            ghost: await ghost.current)
    }

    /// The stored morning scores of the `days` ending today, newest first; a day's current score is the newest of the
    /// highest formula version (as `RecoveryHistory.current`).
    public func recoveryHistory(days: Int, at now: Date) async throws -> RecoveryHistoryReading {
        let zone = await state.config.schedule.zone
        let today = LocalCalendar(timeZone: zone).day(of: now)
        let scores = RecoveryScores(database: database)
        let byDay = Dictionary(grouping: try scores.stored(endingOn: today, days: days)) { $0.score.day }
        let shown = byDay.keys.sorted(by: >).compactMap { day -> RecoveryHistoryReading.Day? in
            let entries = byDay[day] ?? []
            guard let current = RecoveryHistory.current(of: entries, score: \.score) else { return nil }
            return .init(current: current.score, computedAt: current.computedAt, earlier: entries.map(\.score))
        }
        return RecoveryHistoryReading(formula: scores.formula.identity.description, days: shown, zone: zone)
    }

    /// Reads a health file into the store; its new recent workouts go to the Ghost, oldest first: one that overlaps a
    /// block completes it, others count as unplanned activity. `clock` times the import. A workout the engine refuses
    /// is logged and left out; a calendar that cannot be written is logged (the import stands).
    /// A folder is read file by file in one request (a folder of FIT files): each file's outcome is listed and a file that
    /// cannot be read is counted, not fatal; a storage failure or a shutdown stops the folder at the file it met.
    public func importHealth(path: String, clock: @escaping @Sendable () -> Date) async throws -> HealthImportReport {
        guard HealthIntake.isFolder(path) else { return .file(try await importHealthFile(path: path, clock: clock)) }
        var files: [HealthImportReport.FolderFile] = []
        let entries = try HealthIntake.folderEntries(at: path)
        for entry in entries {
            if entry.isFolder {
                files.append(.init(name: entry.name, error: "a folder: only the files directly in \(path) are imported"))
                continue
            }
            do {
                let file = (path as NSString).appendingPathComponent(entry.name)
                files.append(.init(name: entry.name, imported: try await importHealthFile(path: file, clock: clock)))
            } catch let error as HealthIntakeError where error.storage || error.stopped {
                throw error
            } catch {
                files.append(.init(name: entry.name, error: "\(error)"))
            }
        }
        let report = HealthImportReport.folder(path: path, files: files)
        logger.info("health folder imported", metadata: [
            "folder": "\(path)", "files": "\(entries.count)", "failed": "\(report.failedFiles ?? 0)", "added": "\(report.added)",
        ])
        return report
    }

    /// One health file into the store (with `since`, only its samples from then), its recent new workouts to the Ghost;
    /// last night's data arriving after the morning cycle has the morning decide again (`LateNight`).
    func importHealthFile(
        path: String, since: Date? = nil, clock: @escaping @Sendable () -> Date
    ) async throws -> HealthIntake.Imported {
        var imported = try await health.importFile(at: path, since: since, now: clock)
        let now = clock()
        do {
            // Each workout is a decision of its own: one the engine refuses does not hold up the others.
            try await following(at: now) {
                try await countWorkouts(of: &imported, at: now)
                await decideMorningAgain(arrived: imported.recentNightSamples, file: path, at: now)
            }
        } catch {
            logger.error("imported, but vigord's calendar could not be written", metadata: ["error": "\(error)"])
        }
        health.record(imported, finished: clock())
        return imported
    }

    /// Hands the import's new recent workouts to the Ghost, oldest first, and counts what each became.
    private func countWorkouts(of imported: inout HealthIntake.Imported, at now: Date) async throws {
        for report in HealthIntake.workoutReports(imported, now: now) {
            do {
                let count = await ghost.current.workouts.count
                try await save(Decision([.workoutRecorded(report)]), at: now)
                let current = await ghost.current
                guard current.workouts.count > count, let counted = current.workouts.last else { continue }
                if counted.countedAs != nil || current.workouts.contains(where: { $0.countedAs == counted.id }) {
                    imported.workoutsAlreadyCounted += 1
                } else if counted.completedBlock != nil {
                    imported.workoutsCompletingBlocks += 1
                } else {
                    imported.workoutsUnplanned += 1
                }
            } catch {
                logger.warning("an imported workout was not counted", metadata: ["workout": "\(report.id)", "error": "\(error)"])
            }
        }
    }

    /// Has the morning decide again when `arrived` holds last night's data for today, today's morning cycle ran and
    /// today's first block has not started (`CycleRunner.lateNight`); saved as one decision, the calendar's pass is the
    /// import's. A failure is logged: the import stands.
    private func decideMorningAgain(arrived: [HealthSample], file: String, at now: Date) async {
        guard !arrived.isEmpty else { return }
        do {
            let late = try await cycles.lateNight(arrived: arrived, now: now, settings: WeekPictureReader.Settings(await state.config))
            guard let decision = late.decision else { return }
            try await save(decision, at: now)
            if case .blockStarted(let block) = late.verdict {
                logger.info("last night's data arrived after today's first block started: today is scored, its blocks stand", metadata: [
                    "file": "\(file)", "block": "\(block.rawValue)", "decided": "\(late.notes.joined(separator: "; "))",
                ])
            } else {
                logger.info("last night's data arrived late: the morning decided again", metadata: [
                    "file": "\(file)", "decided": "\(late.notes.joined(separator: "; "))",
                ])
            }
        } catch {
            logger.error("last night's data arrived late, but the morning could not decide again", metadata: [
                "file": "\(file)", "error": "\(error)",
            ])
        }
    }

    /// How far the running imports are.
    public nonisolated func healthImportsRunning() -> [HealthIntake.ImportProgress] {
        health.progress()
    }
}
