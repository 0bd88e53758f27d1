import Foundation
import Testing
import GhostEngine

struct GhostPlacementTests {
    @Test func observerOnlyObservesAndWritesNothing() throws {
        var fixture = try GhostFixture()
        #expect(try fixture.place(day: 0, hour: 7) == [.skippedPlacement(.observing)])
        #expect(fixture.ghost.blocks.isEmpty)
    }

    @Test func schedulerProposesWithAReceipt() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        let effects = try fixture.place(day: 0, hour: 7)
        guard case .proposeBlock(let block) = effects.first else {
            Issue.record("expected a proposal, got \(effects)")
            return
        }
        #expect(block.origin == .proposal && block.status == .proposed)
        #expect(block.slot == SlotKey(weekday: 2, hour: 7))
        #expect(effects.receipts.map(\.action) == [.proposed])
        #expect(effects.receipts.first?.reason.contains("only propose") == true)
    }

    @Test func autoSchedulerWritesWhenConfidenceIsExactlyTheThreshold() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        #expect(fixture.ghost.autonomousActionThreshold == 1)
        let effects = try fixture.place(day: 0, hour: 7, confidence: 1)
        guard case .writeBlock(let block) = effects.first else {
            Issue.record("expected a written block, got \(effects)")
            return
        }
        #expect(block.origin == .auto && block.status == .scheduled)
        let receipt = effects.receipts.first
        #expect(receipt?.action == .scheduled)
        #expect(receipt?.inputs.contains(ReceiptInput("autonomousThreshold", "1.000")) == true)
        #expect(receipt?.inputs.contains(ReceiptInput("trustPhase", "autoScheduler")) == true)
        #expect(receipt?.alternatives == ["propose instead"])
        #expect(receipt?.confidence == 1)
    }

    @Test func autoSchedulerProposesWhenConfidenceIsJustBelowTheThreshold() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let effects = try fixture.place(day: 0, hour: 7, confidence: 0.999)
        guard case .proposeBlock = effects.first else {
            Issue.record("expected a proposal, got \(effects)")
            return
        }
        #expect(effects.receipts.first?.reason.contains("below the 100 %") == true)
    }

    @Test func blockIdentifiersAndReceiptIdentifiersAreSequential() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let first = try fixture.place(day: 0, hour: 7)
        let second = try fixture.place(day: 1, hour: 7)
        #expect(fixture.ghost.blocks.map(\.id.rawValue) == ["b1", "b2"])
        #expect((first + second).receipts.map(\.id) == ["r2", "r3"])
    }

    @Test func invalidCandidatesAreTypedErrors() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        #expect(throws: EngineError.self) { try fixture.place(day: 0, hour: 7, confidence: 1.2) }
        let zero = BlockCandidate(start: try TestTime.date(0, 7), durationMinutes: 0, confidence: 1)
        let now = try TestTime.date(0, 5)
        #expect(throws: EngineError.self) { try fixture.ghost.handle(.placementRequested(zero, alternatives: []), now: now) }
        #expect(fixture.ghost.blocks.isEmpty)
    }

    /// Misses the Monday 07:00 block three weeks in a row, answering "bad time slot".
    func rejectMondaySevenThreeTimes() throws -> (GhostFixture, [GhostEffect]) {
        var fixture = try GhostFixture(phase: .autoScheduler)
        var effects: [GhostEffect] = []
        for week in 0..<3 {
            let id = try #require(try fixture.autoBlock(day: 7 * week))
            effects += try fixture.send(.tick, day: 7 * week, hour: 9)
            effects += try fixture.send(.triageAnswered(id, .badTimeSlot), day: 7 * week, hour: 10)
        }
        return (fixture, effects)
    }

    @Test func sacredSlotIsSkippedForTheNextFreeOffer() throws {
        var (fixture, effects) = try rejectMondaySevenThreeTimes()
        #expect(effects.contains(.slotBecameSacred(SlotKey(weekday: 2, hour: 7))))
        let placed = try fixture.place(day: 21, hour: 7, alternativeHours: [8])
        guard case .writeBlock(let block) = placed.first else {
            Issue.record("expected a written block, got \(placed)")
            return
        }
        #expect(block.slot == SlotKey(weekday: 2, hour: 8))
        #expect(placed.receipts.first?.alternatives.contains("Mon 07:00 (sacred)") == true)
    }

    @Test func onlySacredOffersMeanNoBlock() throws {
        var (fixture, _) = try rejectMondaySevenThreeTimes()
        #expect(try fixture.place(day: 21, hour: 7) == [.skippedPlacement(.sacredSlot(SlotKey(weekday: 2, hour: 7)))])
    }

    @Test func clearedSacredSlotIsScheduledAgain() throws {
        var (fixture, _) = try rejectMondaySevenThreeTimes()
        let slot = SlotKey(weekday: 2, hour: 7)
        #expect(try fixture.send(.clearSacredSlot(slot), day: 20, hour: 9) == [.slotCleared(slot)])
        #expect(try fixture.autoBlock(day: 21) != nil)
    }

    @Test func aPlacementSentenceSaysTheBlocksExactTimeNotItsHour() throws {
        for phase in [TrustPhase.scheduler, .autoScheduler] {
            var fixture = try GhostFixture(phase: phase)
            let candidate = BlockCandidate(start: try TestTime.date(1, 6, 30), durationMinutes: 45, confidence: 1)
            let effects = try fixture.ghost.handle(.placementRequested(candidate, alternatives: []), now: TestTime.date(0, 20))
            let reason = effects.receipts.first?.reason ?? ""
            #expect(reason.hasPrefix("I suggested Tue 06:30") || reason.hasPrefix("I scheduled Tue 06:30"), "\(reason)")
            #expect(!reason.contains("06:00"))
        }
    }
}
