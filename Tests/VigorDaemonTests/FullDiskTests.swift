import Foundation
import GhostEngine
import ICalendarKit
import Store
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// A really full disk (a small tmpfs, ENOSPC) under the shadow calendar and the health drop folder: a clear error, nothing
/// lost, the failure told once, and the work done once there is room.
private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

private func icsFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
}

@Test(.removesScratchFolders, .enabled(if: getuid() == 0, "root-only: mounting a small tmpfs needs root"))
func aShadowCalendarOnAFullDiskIsToldOnceKeepsWhatItHeldAndCatchesUpWhenThereIsRoom() async throws {
    let disk = try SmallTmpfs(kilobytes: 512)
    let folder = try ScratchFolder.make("full-shadow") + "/state"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = CapturedLog()
    let database = try AppDatabase.inMemory()
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let ghost = try GhostHost(database: database, zone: zone, now: now)
    let shadow = disk.path + "/busy"
    let output = try CalendarOutput(
        directory: folder + "/calendars", stateDirectory: folder, zone: zone, ghost: ghost, database: database,
        shadow: ShadowCalendar(path: shadow), logger: log.logger, failures: FailureLog(logger: log.logger))
    _ = try await ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    /// The backend's publishing, without a backend: vigord's calendar, then its shadow.
    @discardableResult
    func sync(now: Date) async throws -> WriteReport {
        let report = try await output.write(now: now)
        _ = try await output.writeShadow(now: now, ghostChanged: false)
        return report
    }
    func place(hours: Double) async throws {
        _ = try await ghost.perform(
            .placementRequested(BlockCandidate(start: now.addingTimeInterval(hours * 3600), durationMinutes: 45, confidence: 1), alternatives: []),
            at: now)
    }
    try await place(hours: 20)
    _ = try await sync(now: now)
    let before = icsFiles(in: shadow)
    #expect(before.count == 1)
    let held = try String(contentsOfFile: shadow + "/" + before[0], encoding: .utf8)

    try disk.fill()
    try await place(hours: 44)
    let written = try await sync(now: now.addingTimeInterval(60)).written
    #expect(written.count == 1, "vigord's own calendar, on another disk, is written")
    _ = try await sync(now: now.addingTimeInterval(120))
    let told = log.entries.filter { $0.message.hasPrefix("writing the shadow calendar failed") }
    #expect(told.count == 1, "told once, not on every sync")
    #expect(told.first?.message.contains("No space left on device") == true, "\(told)")
    #expect(icsFiles(in: shadow) == before, "nothing the shadow held is lost, and no half-written file stays")
    #expect(try String(contentsOfFile: shadow + "/" + before[0], encoding: .utf8) == held)

    try disk.release()
    _ = try await sync(now: now.addingTimeInterval(180))
    #expect(icsFiles(in: shadow).count == 2)
    #expect(log.entries.filter { $0.message.hasPrefix("writing the shadow calendar works again") }.count == 1)
}

@Test(.removesScratchFolders, .enabled(if: getuid() == 0, "root-only: mounting a small tmpfs needs root"))
func aFileTheDropFolderCannotExplainOnAFullDiskStaysInTheDropFolderUntilThereIsRoom() throws {
    let disk = try SmallTmpfs(kilobytes: 256)
    let folder = HealthDropFolder(path: disk.path + "/folder")
    try folder.prepare()
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: folder.path + "/broken.csv"))
    try Data("good".utf8).write(to: URL(fileURLWithPath: folder.path + "/good.jsonl"))
    try disk.fill()

    let refused = #expect(throws: DaemonError.self) { _ = try folder.markFailed("broken.csv", reason: "not health data") }
    #expect(refused?.description.contains("enough space") == true, "\(String(describing: refused))")
    #expect(refused?.description.contains("broken.csv stays in the drop folder") == true)
    #expect(try folder.waiting() == ["broken.csv", "good.jsonl"], "nothing lost: the file waits for the next pass")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.failed).isEmpty, "no file in failed/ without its reason")
    // A move into done/ needs no room: the imported file is filed even on a full disk.
    let done = try folder.markDone("good.jsonl")
    #expect(FileManager.default.fileExists(atPath: done))

    try disk.release()
    let failed = try folder.markFailed("broken.csv", reason: "not health data")
    #expect(try String(contentsOfFile: failed + ".reason.txt", encoding: .utf8) == "not health data\n")
    #expect(try folder.waiting().isEmpty)
}
