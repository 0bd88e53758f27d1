import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// `data.purge` as Docs/rpc.md promises it: all user data gone in one transaction, the calendar and its busy-only
/// shadow let go of the old blocks, and an unwritable calendar does not stop the purge (`-32007`).
private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

private func icsFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }
}

private func contextWithABlock(shadow: String? = nil) async throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.shadow = shadow.map { ShadowCalendar(path: $0) }
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    _ = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: now.addingTimeInterval(20 * 3600), durationMinutes: 45, confidence: 1), alternatives: []),
        at: now)
    _ = try await context.backend.publish(at: now)
    try #require(icsFiles(in: context.output.collectionPath).count == 1)
    return context
}

@Test(.removesScratchFolders) func aPurgeEmptiesTheShadowCalendarWithVigordsOwn() async throws {
    let shadow = try ScratchFolder.make("purge-shadow") + "/busy"
    defer { try? FileManager.default.removeItem(atPath: shadow) }
    let context = try await contextWithABlock(shadow: shadow)
    #expect(icsFiles(in: shadow).count == 1)

    _ = try await routerResult(DataPurgeMethod.self, #"{"confirm":true}"#, context)
    #expect(icsFiles(in: context.output.collectionPath).isEmpty)
    #expect(icsFiles(in: shadow).isEmpty, "no busy time is left standing for a block that no longer exists")
}

@Test(.removesScratchFolders) func anUnwritableCalendarDoesNotStopAPurgeWhichAnswersCalendarWriteFailed() async throws {
    let context = try await contextWithABlock()
    let folder = try UnwritableFolder(context.output.collectionPath)
    defer { try? folder.restore() }

    let response = try await routerCall(DataPurgeMethod.name, #"{"confirm":true}"#, context)
    #expect(response.error?.code == RPCErrorCode.calendarWriteFailed.rawValue)
    #expect(await context.ghost.current.blocks.isEmpty, "purged all the same")
    #expect(await context.ghost.current.trust.phase == .observer)
    #expect(try context.database.recentReceipts(limit: 10).isEmpty)
    #expect(icsFiles(in: context.output.collectionPath).count == 1, "the old block waits for the folder")

    try folder.restore()
    _ = try await context.backend.publish(at: now.addingTimeInterval(300))
    #expect(icsFiles(in: context.output.collectionPath).isEmpty, "the next write lets go of it")
}
