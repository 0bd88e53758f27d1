import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let sundayEvening = Date(timeIntervalSince1970: 1_795_374_000)  // 2026-11-22 20:00 Berlin

private func context() async throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.training.sessionsPerWeek = 7
    let context = try makeTestContext(config: config, now: sundayEvening)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: sundayEvening)
    try await context.backend.publish(at: sundayEvening)
    return context
}

/// The blocks the calendar should show, and the files it holds for them.
private func blocksWithoutFile(_ context: LocalAPI.Context) async throws -> [String] {
    var missing: [String] = []
    for block in await context.ghost.current.blocks where [.scheduled, .proposed].contains(block.status) {
        let file = try await context.output.file(ofItem: block.id.rawValue)
        if file.map({ !FileManager.default.fileExists(atPath: $0) }) ?? true { missing.append(block.id.rawValue) }
    }
    return missing
}

@Test(.removesScratchFolders) func anUnwritableCalendarAnswersCalendarWriteFailedWithTheReasonAndStatusShowsIt() async throws {
    let context = try await context()
    let folder = try UnwritableFolder(context.output.collectionPath)
    defer { try? folder.restore() }

    let response = try await routerCall("cycle.run", #"{"kind":"evening"}"#, context)

    let error = try #require(response.error)
    #expect(error.code == RPCErrorCode.calendarWriteFailed.rawValue)
    #expect(error.message.contains(context.output.collectionPath))
    #expect(!(await context.ghost.current.blocks.filter { [.scheduled, .proposed].contains($0.status) }.isEmpty), "the evening placed and saved a block")
    let status = try await routerResult(StatusMethod.self, "{}", context)
    #expect(!status.calendarWrites.ok)
    #expect(status.calendarWrites.failedEpisodes == 1)
    #expect(status.calendarWrites.reason?.contains(context.output.collectionPath) == true)
    #expect(await context.ghost.current.ghostHealth.failures == 1)
}

@Test(.removesScratchFolders) func theCalendarIsBroughtBackInStepOnTheFirstTickAfterTheFolderIsWritableAgain() async throws {
    let context = try await context()
    let folder = try UnwritableFolder(context.output.collectionPath)
    _ = try await routerCall("cycle.run", #"{"kind":"evening"}"#, context)
    #expect(try await !blocksWithoutFile(context).isEmpty)
    await #expect(throws: (any Error).self) { try await context.backend.tick(at: sundayEvening.addingTimeInterval(60)) }
    #expect(try await !blocksWithoutFile(context).isEmpty, "still unwritable: still owed")

    try folder.restore()
    try await context.backend.tick(at: sundayEvening.addingTimeInterval(120))

    #expect(try await blocksWithoutFile(context).isEmpty)
    let status = try await routerResult(StatusMethod.self, "{}", context)
    #expect(status.calendarWrites.ok)
    #expect(status.calendarWrites.reason == nil)
    #expect(await context.ghost.current.ghostHealth.failures == 1, "one failure, counted once however often it was retried")
}

@Test(.removesScratchFolders) func aDecisionWhileTheCalendarIsOwedAWriteIsSavedAndAnsweredAsTheCalendarsFailure() async throws {
    let context = try await context()
    let folder = try UnwritableFolder(context.output.collectionPath)
    defer { try? folder.restore() }
    _ = try await routerCall("cycle.run", #"{"kind":"evening"}"#, context)

    // Trust changes no block, but the calendar is owed the evening's write: the decision tries it, and says so.
    let response = try await routerCall(TrustSetMethod.name, #"{"phase":"scheduler"}"#, context)
    #expect(response.error?.code == RPCErrorCode.calendarWriteFailed.rawValue)
    #expect(await context.ghost.current.trust.phase == .scheduler, "the decision is saved all the same")

    try folder.restore()
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"autoScheduler"}"#, context)
    #expect(try await blocksWithoutFile(context).isEmpty, "the next decision wrote what the calendar was owed")
}
