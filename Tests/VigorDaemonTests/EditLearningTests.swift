import Foundation
import GhostEngine
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

/// An Auto-Scheduler Ghost that wrote a block tomorrow 07:00 Berlin, published to the vdir.
private func contextWithWrittenBlock() async throws -> (LocalAPI.Context, BlockID, String) {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    let start = now.addingTimeInterval(20 * 3600)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1), alternatives: []), at: now)
    guard let id = effects.compactMap({ effect -> BlockID? in
        if case .writeBlock(let block) = effect { return block.id }
        return nil
    }).first else {
        Issue.record("an Auto-Scheduler with full confidence must write, got \(effects)")
        throw CancellationError()
    }
    try await context.backend.publish(at: now)
    return (context, id, try calendarFile(context, item: id.rawValue))
}

@Test(.removesScratchFolders) func deletingAWrittenBlockInTheCalendarReachesTheSafetyBreaker() async throws {
    let (context, id, file) = try await contextWithWrittenBlock()
    #expect(FileManager.default.fileExists(atPath: file))
    try FileManager.default.removeItem(atPath: file)
    let changes = try await context.backend.learnCalendarEdits(at: now.addingTimeInterval(60))
    #expect(changes.map(\.blockID) == [id.rawValue])
    let ghost = await context.ghost.current
    #expect(ghost.block(id)?.status == .removed)
    #expect(ghost.breaker.consecutiveDeletions == 1)
    // The Ghost does not write the deleted block back.
    try await context.backend.publish(at: now.addingTimeInterval(120))
    #expect(!FileManager.default.fileExists(atPath: file))
}

@Test(.removesScratchFolders) func movingAWrittenBlockMovesItInTheGhost() async throws {
    let (context, id, file) = try await contextWithWrittenBlock()
    let text = try String(contentsOfFile: file, encoding: .utf8)
    // 06:00Z -> 16:00Z (17:00 Berlin), as khal would write it.
    let moved = text.replacingOccurrences(of: "DTSTART:20261123T060000Z", with: "DTSTART:20261123T160000Z")
        .replacingOccurrences(of: "DTEND:20261123T064500Z", with: "DTEND:20261123T164500Z")
    #expect(moved != text)
    try moved.write(toFile: file, atomically: true, encoding: .utf8)
    let changes = try await context.backend.learnCalendarEdits(at: now.addingTimeInterval(60))
    #expect(changes.map(\.kind.rawValue) == ["moved"])
    #expect(await context.ghost.current.block(id)?.start == Date(timeIntervalSince1970: 1_795_449_600))
}

@Test(.removesScratchFolders) func deletingAnAcceptedBlockTakesTheYesBackWithoutTheBreaker() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: now.addingTimeInterval(20 * 3600), durationMinutes: 45, confidence: 1), alternatives: []),
        at: now)
    let id = try #require(effects.compactMap { effect -> BlockID? in
        if case .proposeBlock(let block) = effect { block.id } else { nil }
    }.first)
    _ = try await context.ghost.perform(.proposalAnswered(id, accepted: true), at: now)
    try await context.backend.publish(at: now)
    let scoreBefore = await context.ghost.current.trust.score
    try FileManager.default.removeItem(atPath: try calendarFile(context, item: id.rawValue))
    _ = try await context.backend.learnCalendarEdits(at: now.addingTimeInterval(60))
    let ghost = await context.ghost.current
    #expect(ghost.block(id)?.status == .removed)
    #expect(ghost.trust.score < scoreBefore)
    #expect(ghost.breaker.consecutiveDeletions == 0)
}
