import Foundation
import Testing

@testable import GhostEngine

private let meeting = "'Board meeting' (work) now covers 07:00–08:00"

private func conflict(_ id: BlockID, day: Int = 1, to hour: Int? = 18) throws -> BlockConflict {
    BlockConflict(block: id, cause: meeting, target: try hour.map { try TestTime.date(day, $0) })
}

@Test func anAutoSchedulerMovesABlockAMeetingLandedOnAndSaysWhy() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    let moved = try #require(fixture.ghost.block(id))
    #expect(moved.start == (try TestTime.date(1, 18)))
    #expect(effects.first == .updateBlock(moved))
    let receipt = try #require(effects.receipts.first)
    #expect(receipt.action == .moved)
    #expect(receipt.reason == "Moved Tue 07:00 → 18:00: \(meeting).")
}

@Test func aSchedulerOnlyProposesTheMoveAndTheBlockStaysUntilTheUserSaysYes() throws {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let id = BlockID(rawValue: "b1")
    _ = try fixture.send(.proposalAnswered(id, accepted: true), day: 0, hour: 6)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 7)))
    #expect(effects.receipts.map(\.action) == [.moveProposed])
    guard case .proposeMove(_, let target)? = effects.first else {
        Issue.record("expected a move proposal, got \(effects)")
        return
    }
    #expect(target == (try TestTime.date(1, 18)))
    let accepted = try fixture.send(.moveAnswered(id, accepted: true), day: 0, hour: 13)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 18)))
    #expect(accepted.receipts.map(\.reason) == ["Moved Tue 07:00 → 18:00: you accepted the move."])
    #expect(fixture.ghost.block(id)?.proposedMove == nil)
}

@Test func decliningAProposedMoveKeepsTheBlockWhereItWas() throws {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let id = BlockID(rawValue: "b1")
    _ = try fixture.send(.proposalAnswered(id, accepted: true), day: 0, hour: 6)
    _ = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    let declined = try fixture.send(.moveAnswered(id, accepted: false), day: 0, hour: 13)
    #expect(declined.receipts.map(\.reason) == ["Kept Tue 07:00 where it is: you declined moving it to Tue 18:00."])
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 7)))
    #expect(throws: EngineError.self) { try fixture.send(.moveAnswered(id, accepted: true), day: 0, hour: 14) }
}

@Test func aProposalFollowsTheConflictWhateverThePhase() throws {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let id = BlockID(rawValue: "b1")
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 18)))
    #expect(fixture.ghost.block(id)?.status == .proposed)
    #expect(effects.receipts.first?.reason == "Moved the suggestion Tue 07:00 → 18:00: \(meeting).")
}

@Test func withNoRoomLeftABlockIsRemovedNeverLeftOnTopOfTheMeeting() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    let effects = try fixture.send(.conflictFound(try conflict(id, to: nil)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.status == .removed)
    #expect(effects.first == .removeBlock(id))
    #expect(effects.receipts.first?.action == .removed)
}

@Test func aBlockTheUserMovedByHandIsNeverMovedAgain() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    _ = try fixture.send(.autoBlockMoved(id, to: try TestTime.date(1, 9)), day: 0, hour: 8)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 9)))
    #expect(effects.receipts.map(\.action) == [.conflictNoted])
}

@Test func noBlockIsMovedMoreThanTwiceADay() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    for hour in [18, 19] {
        _ = try fixture.send(.conflictFound(try conflict(id, to: hour)), day: 0, hour: 12)
    }
    let third = try fixture.send(.conflictFound(try conflict(id, to: 20)), day: 0, hour: 13)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 19)))
    #expect(third.receipts.map(\.action) == [.conflictNoted])
    // A new day, a new allowance.
    _ = try fixture.send(.conflictFound(try conflict(id, to: 20)), day: 1, hour: 6)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 20)))
}

@Test func anObserverOnlyNotesTheConflict() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    _ = try fixture.send(.manualPhaseChange(to: .observer), day: 0, hour: 11)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 7)))
    #expect(effects.receipts.map(\.action) == [.conflictNoted])
}

@Test func aConflictOverAPastOrFinishedBlockChangesNothing() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    #expect(try fixture.send(.conflictFound(try conflict(id)), day: 1, hour: 9).isEmpty)
}

@Test func blocksSavedBeforeConflictsWereHandledDecodeUnpinnedAndUnmoved() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fixture.ghost)) as? [String: Any] ?? [:]
    var blocks = json["blocks"] as? [[String: Any]] ?? []
    for key in ["pinned", "proposedMove", "conflictMoves"] { blocks[0].removeValue(forKey: key) }
    json["blocks"] = blocks
    let decoded = try JSONDecoder().decode(Ghost.self, from: JSONSerialization.data(withJSONObject: json))
    let block = try #require(decoded.block(id))
    #expect(!block.pinned && block.proposedMove == nil && block.conflictMoves.isEmpty)
}

@Test func aDegradedGhostProposesTheMoveInsteadOfMakingIt() throws {
    var fixture = try GhostFixture(phase: .autoScheduler)
    let id = try #require(try fixture.autoBlock(day: 1))
    for hour in 8...10 { _ = try fixture.send(.backgroundFailed(.calendarReadFailed), day: 0, hour: hour) }
    #expect(fixture.ghost.ghostHealth.mode != .healthy)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 7)))
    #expect(effects.receipts.map(\.action) == [.moveProposed])
}

@Test func theSameConflictSeenAgainChangesNothingAndLeavesNoSecondReceipt() throws {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let id = BlockID(rawValue: "b1")
    _ = try fixture.send(.proposalAnswered(id, accepted: true), day: 0, hour: 6)
    #expect(try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12).receipts.count == 1)
    #expect(try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12, minute: 5).isEmpty)
    let elsewhere = try fixture.send(.conflictFound(try conflict(id, to: 19)), day: 0, hour: 12, minute: 10)
    #expect(elsewhere.receipts.map(\.action) == [.moveProposed])
    #expect(fixture.ghost.block(id)?.proposedMove == (try TestTime.date(1, 19)))
}

/// A block the user accepted as Scheduler, with the Ghost then set to `phase`.
private func acceptedBlock(then phase: TrustPhase) throws -> (GhostFixture, BlockID) {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let id = BlockID(rawValue: "b1")
    _ = try fixture.send(.proposalAnswered(id, accepted: true), day: 0, hour: 6)
    _ = try fixture.send(.manualPhaseChange(to: phase), day: 0, hour: 7)
    return (fixture, id)
}

@Test func belowFullGhostABlockTheUserAcceptedGetsAMoveProposalNotAMove() throws {
    var (fixture, id) = try acceptedBlock(then: .transformer)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 7)))
    #expect(effects.receipts.map(\.action) == [.moveProposed])
}

@Test func theFullGhostMovesABlockTheUserAcceptedOffAConflict() throws {
    var (fixture, id) = try acceptedBlock(then: .fullGhost)
    #expect(fixture.ghost.capabilities.canMove)
    let effects = try fixture.send(.conflictFound(try conflict(id)), day: 0, hour: 12)
    #expect(fixture.ghost.block(id)?.start == (try TestTime.date(1, 18)))
    #expect(effects.receipts.map(\.action) == [.moved])
}
