import Foundation
import Testing
import GhostEngine

struct GhostAdjustmentTests {
    /// A ghost in `phase` with one auto block on Monday 07:00.
    func ghostWithBlock(_ phase: TrustPhase) throws -> (GhostFixture, BlockID) {
        var fixture = try GhostFixture(phase: phase)
        _ = try fixture.send(.manualPhaseChange(to: .autoScheduler), day: 0, hour: 0, minute: 2)
        let id = try #require(try fixture.autoBlock(day: 0))
        _ = try fixture.send(.manualPhaseChange(to: phase), day: 0, hour: 5, minute: 1)
        return (fixture, id)
    }

    @Test func transformerShortensABlockWithAReceipt() throws {
        var (fixture, id) = try ghostWithBlock(.transformer)
        let effects = try fixture.send(
            .adjustmentRequested(id, .transform(durationMinutes: 20), confidence: 1, reason: "Poor sleep: lighter session."),
            day: 0, hour: 6)
        guard case .updateBlock(let block) = effects.first else {
            Issue.record("expected an update, got \(effects)")
            return
        }
        #expect(block.durationMinutes == 20)
        #expect(effects.receipts.map(\.action) == [.transformed])
        #expect(effects.receipts.first?.reason == "Poor sleep: lighter session.")
    }

    @Test func transformerRemovesABlock() throws {
        var (fixture, id) = try ghostWithBlock(.transformer)
        let effects = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Sick."), day: 0, hour: 6)
        #expect(effects.first == .removeBlock(id))
        #expect(effects.receipts.map(\.action) == [.removed])
        #expect(fixture.ghost.block(id)?.status == .removed)
    }

    @Test func autoSchedulerMayNotTransform() throws {
        var (fixture, id) = try ghostWithBlock(.autoScheduler)
        let effects = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "Sick."), day: 0, hour: 6)
        #expect(effects == [.adjustmentRefused(id, "As Auto-Scheduler with health Healthy I may not do this.")])
        #expect(fixture.ghost.block(id)?.status == .scheduled)
    }

    @Test func transformerMayNotMoveButFullGhostMay() throws {
        var (transformer, first) = try ghostWithBlock(.transformer)
        let refused = try transformer.send(
            .adjustmentRequested(first, .move(to: TestTime.date(0, 12)), confidence: 1, reason: "Conflict."), day: 0, hour: 6)
        #expect(refused.receipts.isEmpty)
        var (ghost, second) = try ghostWithBlock(.fullGhost)
        let moved = try ghost.send(
            .adjustmentRequested(second, .move(to: TestTime.date(0, 12)), confidence: 1, reason: "Conflict."), day: 0, hour: 6)
        #expect(moved.receipts.map(\.action) == [.moved])
        #expect(ghost.ghost.block(second)?.slot == SlotKey(weekday: 2, hour: 12))
    }

    @Test func adjustmentBelowTheAutonomousThresholdIsRefused() throws {
        var (fixture, id) = try ghostWithBlock(.fullGhost)
        let effects = try fixture.send(.adjustmentRequested(id, .remove, confidence: 0.99, reason: "Maybe."), day: 0, hour: 6)
        #expect(effects == [.adjustmentRefused(id, "Confidence 99 % is below the 100 % needed to act on my own.")])
    }

    @Test func invalidAdjustmentsAreTypedErrors() throws {
        var (fixture, id) = try ghostWithBlock(.fullGhost)
        #expect(throws: EngineError.self) {
            try fixture.send(.adjustmentRequested(id, .transform(durationMinutes: 0), confidence: 1, reason: ""), day: 0, hour: 6)
        }
        #expect(throws: EngineError.self) {
            try fixture.send(.adjustmentRequested(id, .remove, confidence: 2, reason: ""), day: 0, hour: 6)
        }
    }

    @Test func keptAndRevertedTransformationsMoveTrust() throws {
        var (fixture, first) = try ghostWithBlock(.transformer)
        let second = try #require(try fixture.autoBlock(day: 1))
        _ = try fixture.send(.adjustmentRequested(first, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 5, minute: 30)
        _ = try fixture.send(.adjustmentRequested(second, .remove, confidence: 1, reason: "Short night.", rule: "shortSleep"), day: 0, hour: 5, minute: 30)
        let kept = try fixture.send(.transformationOutcome(first, kept: true), day: 0, hour: 6)
        let reverted = try fixture.send(.transformationOutcome(second, kept: false), day: 0, hour: 6)
        #expect(kept.attributions.map(\.appliedDelta) == [0.02])
        #expect(reverted.attributions.map(\.signal) == [.transformationReverted])
        #expect(throws: EngineError.unknownBlock(BlockID(rawValue: "x"))) {
            try fixture.send(.transformationOutcome(BlockID(rawValue: "x"), kept: true), day: 0, hour: 9)
        }
    }

    @Test func recoveryTimeWithdrawsOnlyTheBlocksInsideItAndKeepsTheWeek() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let past = try #require(try fixture.autoBlock(day: 0, hour: 7))
        let inside = try #require(try fixture.autoBlock(day: 0, hour: 12))
        let evening = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let tomorrow = try #require(try fixture.autoBlock(day: 1, hour: 7))
        // Recovery time 11:50 to 12:20 covers the start of the 12:00 block only.
        let until = try TestTime.date(0, 12, 20)
        let effects = try fixture.send(.emergencyClear(reason: "I'm crashing", until: until), day: 0, hour: 11, minute: 50)
        #expect(effects.filter { if case .removeBlock = $0 { true } else { false } } == [.removeBlock(inside)])
        #expect(effects.receipts.map(\.action) == [.emergency])
        #expect(effects.receipts.first?.inputs.contains(ReceiptInput("clearedBlocks", "b2")) == true)
        #expect(fixture.ghost.block(inside)?.status == .removed)
        for kept in [past, evening, tomorrow] { #expect(fixture.ghost.block(kept)?.status == .scheduled) }
    }

    @Test func recoveryTimeBetweenBlocksTakesNothingOff() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let evening = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let effects = try fixture.send(.emergencyClear(reason: "I'm crashing", until: try TestTime.date(0, 12, 15)), day: 0, hour: 12)
        #expect(effects.filter { if case .removeBlock = $0 { true } else { false } }.isEmpty)
        #expect(effects.receipts.first?.reason.contains("the rest of your week stays") == true)
        #expect(fixture.ghost.block(evening)?.status == .scheduled)
    }

    @Test func failingBackgroundWorkNarrowsCapabilitiesAndRecovers() throws {
        var fixture = try GhostFixture(phase: .fullGhost)
        var changes: [GhostEffect] = []
        for minute in 0..<5 {
            changes += try fixture.send(.backgroundFailed(.calendarWriteFailed), day: 0, hour: 1, minute: minute)
        }
        #expect(changes.count == 2)
        #expect(fixture.ghost.ghostHealth.mode == .safeMode)
        #expect(!fixture.ghost.capabilities.canWriteCalendar && fixture.ghost.capabilities.canPropose)
        let placed = try fixture.place(day: 0, hour: 7)
        guard case .proposeBlock = placed.first else {
            Issue.record("safe mode must only propose")
            return
        }
        #expect(placed.receipts.first?.reason == "I suggested Mon 07:00 because my health is Safe mode, so I only propose blocks.")
        var recovered: [GhostEffect] = []
        for minute in 0..<3 { recovered += try fixture.send(.backgroundSucceeded, day: 0, hour: 2, minute: minute) }
        guard case .ghostHealthChanged(let change) = recovered.first else {
            Issue.record("expected a recovery")
            return
        }
        #expect(change.to == .degraded)
    }
}
