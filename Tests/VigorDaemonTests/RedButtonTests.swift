import Foundation
import GhostEngine
import Store
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)

private func berlin(refusal: WriteRefusal) throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    return try makeTestContext(config: config, now: now, refusal: refusal)
}

@Test(.removesScratchFolders) func theRedButtonHoldsOnAFullDiskAndSaysItWasNotRecorded() async throws {
    let refusal = WriteRefusal()
    let context = try berlin(refusal: refusal)
    refusal.refuse()
    let pressed = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":30}"#, context)
    #expect(pressed.active)
    #expect(pressed.notRecorded?.contains("database or disk is full") == true)
    let file = try #require(pressed.blockFile)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("SUMMARY:Recovery Time"))
    let status = try await routerResult(StatusMethod.self, "{}", context)
    #expect(status.emergency.active)
    #expect(try context.database.recoveryTimes(endingAfter: now).isEmpty)
}

@Test(.removesScratchFolders) func aPressHeldByAFullDiskIsRecordedAndClearsTheBlocksOnceTheDiskAllows() async throws {
    let refusal = WriteRefusal()
    let context = try berlin(refusal: refusal)
    refusal.refuse()
    _ = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":30}"#, context)
    await #expect(throws: StoreError.self) { try await context.backend.settleHeldPresses(at: now.addingTimeInterval(30)) }
    refusal.lift()
    #expect(try await context.backend.settleHeldPresses(at: now.addingTimeInterval(60)))
    #expect(try context.database.recoveryTimes(endingAfter: now).count == 1)
    let receipts = try await routerResult(ReceiptsListMethod.self, "{}", context).receipts
    #expect(receipts.map(\.action) == ["emergency"])
    #expect(try await context.backend.settleHeldPresses(at: now.addingTimeInterval(90)) == false, "nothing left to record")
}

@Test(.removesScratchFolders) func theRedButtonWithdrawsTheBlockInsideRecoveryTimeAndTheRestOfTheWeekStaysInTheCalendar() async throws {
    let context = try berlin(refusal: WriteRefusal())
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"autoScheduler"}"#, context)
    var placed: [String] = []
    for start in [now.addingTimeInterval(600), now.addingTimeInterval(6 * 3600), now.addingTimeInterval(86_400)] {
        let candidate = BlockCandidate(start: start, durationMinutes: 45, confidence: 1)
        for case .writeBlock(let block) in try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: now) {
            placed.append(block.id.rawValue)
        }
    }
    try #require(placed.count == 3)
    try await context.backend.publish(at: now)
    for id in placed { #expect(try await context.output.file(ofItem: id) != nil) }

    // 30 minutes from now: the block starting in 10 minutes lies inside, this afternoon's and tomorrow's after.
    let pressed = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":30}"#, context)
    #expect(pressed.withdrawnBlocks == [placed[0]])
    #expect(try await context.output.file(ofItem: placed[0]) == nil)
    for id in placed.dropFirst() { #expect(try await context.output.file(ofItem: id) != nil) }
    let blocks = await context.ghost.current.blocks
    #expect(blocks.map(\.status) == [.removed, .scheduled, .scheduled])
    let receipt = try #require(try context.database.latestReceipt(action: DecisionAction.emergency.rawValue))
    // `vigorctl why` says what was pressed, in the words the simulator's presses use too (`RedButton.reason`).
    #expect(try JSONDecoder().decode(DecisionReceipt.self, from: receipt.body).reason
        == "You asked for recovery time: 30 minutes (vigorctl crashing). I took off the blocks inside it; the rest of your week stays.")
}

@Test(.removesScratchFolders) func aSecondPressExtendsTheOneRecoveryTimeAndWithdrawsWhatTheLongerOneCovers() async throws {
    let context = try berlin(refusal: WriteRefusal())
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"autoScheduler"}"#, context)
    let candidate = BlockCandidate(start: now.addingTimeInterval(90 * 60), durationMinutes: 45, confidence: 1)
    let placed = try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: now)
    let block = try #require(placed.lazy.compactMap { if case .writeBlock(let block) = $0 { block.id.rawValue } else { nil } }.first)

    let first = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":30}"#, context)
    #expect(first.extended == nil && first.withdrawnBlocks == [])
    let second = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":120}"#, context)
    #expect(second.extended == true)
    #expect(second.startedAt == first.startedAt, "the same recovery time, its start kept")
    #expect(second.endsAt?.description.hasPrefix("2026-11-22T13:00") == true, "\(String(describing: second.endsAt))")
    #expect(second.withdrawnBlocks == [block], "the block the longer time now covers")
    #expect(second.blockFile == first.blockFile, "one Recovery Time block in the calendar")
    let recorded = try context.database.recoveryTimes(endingAfter: now)
    #expect(recorded.count == 1 && recorded.first?.endsAt == now.addingTimeInterval(120 * 60))

    let shorter = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":15}"#, context)
    #expect(shorter.extended == true && shorter.endsAt == second.endsAt, "a shorter press never shortens it")
}
