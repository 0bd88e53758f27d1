import Testing
import GhostEngine

struct TrustAttributionTests {
    let rules = EngineRules.standard

    func ladder(score: Double) -> TrustLadder {
        TrustLadder(phase: .autoScheduler, score: score, phaseEnteredOn: TestTime.monday)
    }

    func attribution(_ effects: [TrustLadder.Effect]) -> TrustAttribution? {
        guard case .attributed(let record) = effects.first else { return nil }
        return record
    }

    @Test func appliedDeltaIsBaseTimesConfidenceTimesAmbiguity() throws {
        var trust = ladder(score: 0.5)
        let record = attribution(try trust.handle(.signal(.workoutCompleted(inGhostBlock: true), confidence: 0.5),
                                                  at: TestTime.moment(0, 8), rules: rules))
        #expect(record?.baseDelta == 0.02)
        #expect(record?.confidence == 0.5)
        #expect(record?.ambiguityWeight == 1)
        #expect(record?.appliedDelta == 0.01)
        #expect(abs(trust.score - 0.51) < 1e-12)
    }

    @Test func unknownMissIsWeightedByAmbiguityHalf() throws {
        var trust = ladder(score: 0.5)
        let record = attribution(try trust.handle(.signal(.blockMissed(.unknown), confidence: 1),
                                                  at: TestTime.moment(0, 8), rules: rules))
        #expect(record?.ambiguityWeight == 0.5)
        #expect(record?.appliedDelta == -0.005)
    }

    @Test func missReasonsCarryTheirIssueDeltas() {
        let trust = rules.trust
        #expect(TrustSignal.blockMissed(.badTimeSlot).baseDelta(trust) == -0.01)
        #expect(TrustSignal.blockMissed(.lifeHappened).baseDelta(trust) == -0.005)
        #expect(TrustSignal.blockMissed(.feltUnwell).baseDelta(trust) == -0.005)
        #expect(TrustSignal.blockMissed(.unknown).baseDelta(trust) == -0.01)
        #expect(TrustSignal.blockMissed(.badTimeSlot).ambiguityWeight(trust) == 1)
    }

    @Test func everySignalHasADeltaWithTheRightSign() {
        let trust = rules.trust
        let positive: [TrustSignal] = [.workoutCompleted(inGhostBlock: true), .proposalAccepted, .transformationKept]
        let negative: [TrustSignal] = [.proposalDeclined, .autoBlockDeleted, .autoBlockMoved, .transformationReverted]
        #expect(positive.allSatisfy { $0.baseDelta(trust) > 0 })
        #expect(negative.allSatisfy { $0.baseDelta(trust) < 0 })
    }

    @Test func workoutOutsideGhostBlocksCountsAtHalfConfidence() throws {
        var trust = ladder(score: 0.5)
        let record = attribution(try trust.handle(.signal(.workoutCompleted(inGhostBlock: false), confidence: 1),
                                                  at: TestTime.moment(0, 8), rules: rules))
        #expect(record?.confidence == 0.5)
        #expect(record?.appliedDelta == 0.01)
    }

    @Test func scoreIsClampedToOne() throws {
        var trust = ladder(score: 0.995)
        let record = attribution(try trust.handle(.signal(.transformationKept, confidence: 1),
                                                  at: TestTime.moment(0, 8), rules: rules))
        #expect(trust.score == 1)
        #expect(record?.scoreBefore == 0.995)
        #expect(record?.scoreAfter == 1)
    }

    @Test func scoreIsClampedToZero() throws {
        var trust = ladder(score: 0.01)
        _ = try trust.handle(.signal(.autoBlockDeleted, confidence: 1), at: TestTime.moment(0, 8), rules: rules)
        #expect(trust.score == 0)
    }

    @Test func confidenceOutsideZeroToOneIsRejected() throws {
        var trust = ladder(score: 0.5)
        let moment = try TestTime.moment(0, 8)
        #expect(throws: EngineError.valueOutOfRange(name: "confidence", value: 1.5, allowed: "0…1")) {
            try trust.handle(.signal(.proposalAccepted, confidence: 1.5), at: moment, rules: rules)
        }
        #expect(throws: EngineError.self) {
            try trust.handle(.evaluate(healthConfidence: -0.1), at: moment, rules: rules)
        }
        #expect(trust.score == 0.5)
    }
}
