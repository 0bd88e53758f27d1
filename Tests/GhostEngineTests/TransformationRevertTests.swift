import Foundation
import Testing
import GhostEngine

/// The user can undo what the Ghost changed on its own, until the block would start; every answer
/// is counted per rule, and silence counts as keeping the change.
struct TransformationRevertTests {
    /// A Transformer ghost with one auto block on Monday 07:00 (45 minutes).
    func transformerWithBlock() throws -> (GhostFixture, BlockID) {
        var fixture = try GhostFixture(phase: .transformer)
        _ = try fixture.send(.manualPhaseChange(to: .autoScheduler), day: 0, hour: 0, minute: 2)
        let id = try #require(try fixture.autoBlock(day: 0))
        _ = try fixture.send(.manualPhaseChange(to: .transformer), day: 0, hour: 5, minute: 1)
        return (fixture, id)
    }

    @Test func revertingARemovedBlockPutsItBackOnTheCalendar() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 6)
        let effects = try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6, minute: 20)
        let block = try #require(fixture.ghost.block(id))
        #expect(block.status == .scheduled)
        #expect(block.durationMinutes == 45)
        #expect(effects.first == .writeBlock(block))
        #expect(block.transformation?.answer == .reverted)
    }

    @Test func revertingAShortenedBlockRestoresItsLength() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .transform(durationMinutes: 20), confidence: 1, reason: "HRV low.", rule: "hrvCrash"), day: 0, hour: 6)
        #expect(fixture.ghost.block(id)?.durationMinutes == 20)
        let effects = try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6, minute: 10)
        let block = try #require(fixture.ghost.block(id))
        #expect(block.durationMinutes == 45)
        #expect(block.start == (try TestTime.date(0, 7)))
        #expect(effects.first == .updateBlock(block))
    }

    @Test func aRevertCostsTrustAndIsTalliedForItsRule() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 6)
        let effects = try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6, minute: 20)
        #expect(effects.attributions.map(\.signal) == [.transformationReverted])
        #expect(effects.attributions.map(\.baseDelta).allSatisfy { $0 < 0 })
        #expect(fixture.ghost.transformationTallies == [TransformationTally(rule: "shortSleep", kept: 0, reverted: 1)])
    }

    @Test func aChangeNobodyRevertedCountsAsKeptOnceTheBlockStarts() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .transform(durationMinutes: 20), confidence: 1, reason: "HRV low.", rule: "hrvCrash"), day: 0, hour: 6)
        _ = try fixture.send(.tick, day: 0, hour: 6, minute: 59)
        #expect(fixture.ghost.transformationTallies.isEmpty)
        let effects = try fixture.send(.tick, day: 0, hour: 7)
        #expect(effects.attributions.isEmpty)
        #expect(fixture.ghost.block(id)?.transformation?.answer == .kept)
        #expect(fixture.ghost.transformationTallies == [TransformationTally(rule: "hrvCrash", kept: 1, reverted: 0)])
    }

    @Test func aRevertAfterTheBlockStartedIsRefusedAndChangesNothing() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 6)
        let before = fixture.ghost
        #expect(throws: EngineError.self) {
            try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 7, minute: 5)
        }
        #expect(fixture.ghost == before)
    }

    @Test func aBlockIsAnsweredOnlyOnceAndOnlyWhenChanged() throws {
        var (fixture, id) = try transformerWithBlock()
        #expect(throws: EngineError.self) {
            try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6)
        }
        _ = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Short night."), day: 0, hour: 6)
        _ = try fixture.send(.transformationOutcome(id, kept: true), day: 0, hour: 6, minute: 5)
        #expect(throws: EngineError.self) {
            try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6, minute: 10)
        }
        #expect(fixture.ghost.transformationTallies == [TransformationTally(rule: "manual", kept: 1, reverted: 0)])
    }

    @Test func aSecondChangeStillRevertsToTheUsersLength() throws {
        var (fixture, id) = try transformerWithBlock()
        _ = try fixture.send(.adjustmentRequested(id, .transform(durationMinutes: 30), confidence: 1, reason: "HRV low.", rule: "hrvCrash"), day: 0, hour: 6)
        _ = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 6, minute: 1)
        _ = try fixture.send(.transformationOutcome(id, kept: false), day: 0, hour: 6, minute: 10)
        #expect(fixture.ghost.block(id)?.durationMinutes == 45)
        #expect(fixture.ghost.block(id)?.status == .scheduled)
    }

    @Test func stateSavedBeforeTalliesExistedStillLoads() throws {
        let (fixture, _) = try transformerWithBlock()
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(fixture.ghost)) as? [String: Any])
        json.removeValue(forKey: "transformationTallies")
        let decoded = try JSONDecoder().decode(Ghost.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(decoded.transformationTallies.isEmpty)
        #expect(decoded.blocks == fixture.ghost.blocks)
    }
}
