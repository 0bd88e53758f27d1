import Testing
import GhostEngine

struct GhostBreakerTests {
    var rules: EngineRules {
        var rules = EngineRules()
        rules.trust.initialScore = 0.8
        return rules
    }

    /// Deletes the auto blocks of days 0..<count and returns each deletion's effects.
    func deleteAutoBlocks(_ fixture: inout GhostFixture, days: [Int]) throws -> [[GhostEffect]] {
        try days.map { day in
            let id = try #require(try fixture.autoBlock(day: day))
            return try fixture.send(.autoBlockDeleted(id), day: day, hour: 6)
        }
    }

    @Test func thirdConsecutiveDeletionFiresTheBreakerOnce() throws {
        var fixture = try GhostFixture(rules: rules, phase: .transformer)
        let deletions = try deleteAutoBlocks(&fixture, days: [0, 1, 2])
        #expect(!deletions[0].contains(.downgrade(to: .scheduler)))
        #expect(!deletions[1].contains(.downgrade(to: .scheduler)))
        let third = deletions[2]
        #expect(third.filter { $0 == .downgrade(to: .scheduler) }.count == 1)
        #expect(third.contains(.apologise("I've been scheduling at bad times. I'll suggest instead of auto-schedule for now.")))
        #expect(third.phaseChanges.map(\.cause) == [.breaker])
        #expect(third.receipts.map(\.action) == [.breakerFired])
        #expect(fixture.ghost.trust.phase == .scheduler)
        #expect(fixture.ghost.trust.score == 0.5)
        #expect(fixture.ghost.breaker.consecutiveDeletions == 0)
    }

    @Test func breakerReceiptShowsTheWholeTrustImpact() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        let deletions = try deleteAutoBlocks(&fixture, days: [0, 1, 2])
        let receipt = try #require(deletions[2].receipts.first)
        #expect(abs(receipt.trustImpact - (0.5 - (0.8 - 0.06))) < 1e-9)
        #expect(receipt.reason == SafetyBreaker.apology)
        #expect(receipt.alternatives == ["keep auto-scheduling"])
        #expect(receipt.inputs.contains(ReceiptInput("consecutiveDeletions", "3")))
        #expect(receipt.inputs.contains(ReceiptInput("cause", "breaker")))
    }

    @Test func afterTheBreakerTheGhostProposesInstead() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        _ = try deleteAutoBlocks(&fixture, days: [0, 1, 2])
        guard case .proposeBlock = try fixture.place(day: 3, hour: 7).first else {
            Issue.record("expected a proposal after the breaker")
            return
        }
    }

    @Test func twoDeletionsOnlyCostTrust() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        let deletions = try deleteAutoBlocks(&fixture, days: [0, 1])
        #expect(deletions.allSatisfy { $0.attributions.map(\.appliedDelta) == [-0.03] && $0.count == 1 })
        #expect(fixture.ghost.trust.phase == .autoScheduler)
    }

    @Test func workoutInABlockBetweenDeletionsResetsTheCount() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        _ = try deleteAutoBlocks(&fixture, days: [0, 1])
        let kept = try #require(try fixture.autoBlock(day: 2))
        let effects = try fixture.send(.workoutDetected(at: TestTime.date(2, 7, 10), confidence: 1), day: 2, hour: 7, minute: 50)
        #expect(effects.attributions.map(\.appliedDelta) == [0.02])
        #expect(fixture.ghost.block(kept)?.status == .completed)
        let more = try deleteAutoBlocks(&fixture, days: [3, 4])
        #expect(!more.joined().contains(.downgrade(to: .scheduler)))
        #expect(fixture.ghost.trust.phase == .autoScheduler)
    }

    @Test func theBreakerIsNotResetByAnUnplannedWorkout() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        _ = try deleteAutoBlocks(&fixture, days: [0, 1])
        // A run at 19:00 on day 1, outside any block: the user trains, but not when the Ghost plans.
        let effects = try fixture.send(.workoutDetected(at: TestTime.date(1, 19, 0), confidence: 1), day: 1, hour: 20)
        #expect(effects.attributions.count == 1)
        #expect(fixture.ghost.breaker.consecutiveDeletions == 2)
        let third = try deleteAutoBlocks(&fixture, days: [2])
        #expect(third[0].contains(.downgrade(to: .scheduler)))
        #expect(fixture.ghost.trust.phase == .scheduler)
    }

    @Test func aRecordedWorkoutOutsideTheBlocksLeavesTheBreakerCounting() throws {
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        _ = try deleteAutoBlocks(&fixture, days: [0, 1])
        let report = WorkoutReport(
            id: "evening-run", start: try TestTime.date(1, 19, 0), end: try TestTime.date(1, 19, 40), confidence: 1,
            source: "watch", activity: "running")
        _ = try fixture.send(.workoutRecorded(report), day: 1, hour: 20)
        #expect(fixture.ghost.breaker.consecutiveDeletions == 2)
    }

    @Test func deletingAProposalIsATypedError() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        guard case .proposeBlock(let block) = try fixture.place(day: 0, hour: 7).first else {
            Issue.record("expected a proposal")
            return
        }
        let before = fixture.ghost
        #expect(throws: EngineError.blockNotInExpectedState(block.id, expected: "a block I placed on your calendar", actual: "a proposal waiting for your answer")) {
            try fixture.send(.autoBlockDeleted(block.id), day: 0, hour: 6)
        }
        #expect(fixture.ghost == before)
    }

    @Test func unknownBlockIsATypedErrorAndLeavesStateUnchanged() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let before = fixture.ghost
        #expect(throws: EngineError.unknownBlock(BlockID(rawValue: "nope"))) {
            try fixture.send(.autoBlockDeleted(BlockID(rawValue: "nope")), day: 0, hour: 6)
        }
        #expect(fixture.ghost == before)
    }
}

struct SlotDeletionTests {
    var rules: EngineRules {
        var rules = EngineRules()
        rules.trust.initialScore = 0.8
        rules.breaker.consecutiveDeletions = 10  // the breaker stays out of this: only the slot is counted
        return rules
    }

    @Test func threeDeletionsInTheSameWeekdayAndHourMakeTheSlotSacred() throws {
        var fixture = try GhostFixture(rules: rules, phase: .transformer)
        var effects: [[GhostEffect]] = []
        for day in [0, 7, 14] {
            let id = try #require(try fixture.autoBlock(day: day, hour: 7))
            effects.append(try fixture.send(.autoBlockDeleted(id), day: day, hour: 6))
        }
        let slot = try #require(fixture.ghost.blocks.last?.slot)
        #expect(!effects[1].contains(.slotBecameSacred(slot)))
        #expect(effects[2].contains(.slotBecameSacred(slot)))
        #expect(fixture.ghost.triage.sacredSlots == [slot])
        // The next placement in that slot is skipped.
        #expect(try fixture.autoBlock(day: 21, hour: 7) == nil)
    }

    @Test func twoDeletionsInASlotLeaveItFree() throws {
        var fixture = try GhostFixture(rules: rules, phase: .transformer)
        for day in [0, 7] {
            let id = try #require(try fixture.autoBlock(day: day, hour: 7))
            try fixture.send(.autoBlockDeleted(id), day: day, hour: 6)
        }
        #expect(fixture.ghost.triage.rejections.first?.deletions == 2)
        #expect(fixture.ghost.triage.sacredSlots.isEmpty)
    }
}
