import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

/// A Transformer whose block tomorrow 07:00 Berlin the Ghost removed after a short night.
private func removedBlock() async throws -> (LocalAPI.Context, String) {
    let context = try berlinContext(now: now)
    _ = try await routerCall("trust.set", #"{"phase":"autoScheduler"}"#, context)
    let start = now.addingTimeInterval(20 * 3600)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1), alternatives: []), at: now)
    var written: BlockID?
    for case .writeBlock(let block) in effects { written = block.id }
    let id = try #require(written)
    try await context.backend.publish(at: now)
    _ = try await routerCall("trust.set", #"{"phase":"transformer"}"#, context)
    _ = try await context.ghost.perform(
        .adjustmentRequested(id, .remove, confidence: 1, reason: "Slept 3 h 20 min.", rule: "shortSleep"), at: now)
    try await context.backend.publish(at: now)
    return (context, id.rawValue)
}

private func calendarFiles(_ context: LocalAPI.Context) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: context.output.collectionPath).filter { $0.hasSuffix(".ics") }
}

@Test(.removesScratchFolders) func revertingTheGhostsRemovalPutsTheBlockBackInTheCalendar() async throws {
    let (context, id) = try await removedBlock()
    #expect(try calendarFiles(context).isEmpty)
    let response = try await routerCall("transformation.answer", #"{"block":"\#(id)","kept":false}"#, context)
    let view = try RPCCoding.decode(BlockView.self, from: try #require(response.result))
    #expect(view.status == "scheduled")
    #expect(view.transformation == TransformationView(rule: "shortSleep", originalMinutes: 45, removed: true, answer: "reverted"))
    #expect(try calendarFiles(context) == [(try calendarFile(context, item: "\(id)") as NSString).lastPathComponent])
    #expect(await context.ghost.current.transformationTallies == [TransformationTally(rule: "shortSleep", kept: 0, reverted: 1)])
}

@Test(.removesScratchFolders) func statusShowsARemovedBlockWhileItCanBeReverted() async throws {
    let (context, id) = try await removedBlock()
    let status = try RPCCoding.decode(DaemonStatus.self, from: try #require(try await routerCall("status", "{}", context).result))
    #expect(status.plan.tomorrow.map(\.id) == [id])
    #expect(status.plan.tomorrow.first?.transformation?.removed == true)
    #expect(status.plan.tomorrow.first?.transformation?.answer == nil)
}

@Test(.removesScratchFolders) func answeringABlockTheGhostNeverChangedIsRefused() async throws {
    let (context, id) = try await removedBlock()
    _ = try await routerCall("transformation.answer", #"{"block":"\#(id)","kept":true}"#, context)
    let again = try await routerCall("transformation.answer", #"{"block":"\#(id)","kept":false}"#, context)
    #expect(again.error?.code == -32004)
    #expect(again.error?.message.contains("already kept") == true)
    #expect(try calendarFiles(context).isEmpty)
}
