import Testing
import GhostEngine

struct TrustLadderTests {
    let rules = EngineRules.standard

    /// A ladder in `phase` since Monday, evaluated `daysLater`.
    func evaluate(
        _ phase: TrustPhase, score: Double, daysLater: Int, healthConfidence: Double = 1, pinned: Bool = false
    ) throws -> (TrustLadder, [TrustLadder.Effect]) {
        var trust = TrustLadder(phase: phase, score: score, phaseEnteredOn: TestTime.monday, pinnedByUser: pinned)
        let effects = try trust.handle(
            .evaluate(healthConfidence: healthConfidence), at: TestTime.moment(daysLater, 23, 59), rules: rules)
        return (trust, effects)
    }

    @Test func newLadderStartsAsObserverWithTheInitialScore() {
        let trust = TrustLadder(startingOn: TestTime.monday, rules: rules.trust)
        #expect(trust.phase == .observer)
        #expect(trust.score == 0)
        #expect(!trust.pinnedByUser)
    }

    @Test func advancesWhenScoreDaysAndConfidenceAreExactlyEnough() throws {
        let need = rules.trust.toAutoScheduler
        let (trust, effects) = try evaluate(
            .scheduler, score: need.minScore, daysLater: need.minDaysInPreviousPhase,
            healthConfidence: need.minHealthConfidence)
        #expect(trust.phase == .autoScheduler)
        #expect(trust.phaseEnteredOn == TestTime.monday.adding(days: need.minDaysInPreviousPhase))
        guard case .phaseChanged(let change) = effects.first else {
            Issue.record("expected a phase change")
            return
        }
        #expect(change.from == .scheduler && change.to == .autoScheduler && change.cause == .advanced)
    }

    @Test func aSchedulerAutoSchedulesOnItsSeventhDayNotItsSixth() throws {
        #expect(try evaluate(.scheduler, score: 1, daysLater: 6).0.phase == .scheduler)
        #expect(try evaluate(.scheduler, score: 1, daysLater: 7).0.phase == .autoScheduler)
    }

    @Test func deletingAnAutoBlockCostsThreeHundredthsAndMovingOneAHundredth() throws {
        var trust = TrustLadder(phase: .autoScheduler, score: 0.5, phaseEnteredOn: TestTime.monday)
        _ = try trust.handle(.signal(.autoBlockDeleted, confidence: 1), at: TestTime.moment(1, 9), rules: rules)
        #expect(abs(trust.score - 0.47) < 1e-9)
        _ = try trust.handle(.signal(.autoBlockMoved, confidence: 1), at: TestTime.moment(1, 10), rules: rules)
        #expect(abs(trust.score - 0.46) < 1e-9)
    }

    @Test func scoreOneStepBelowThresholdDoesNotAdvance() throws {
        let need = rules.trust.toAutoScheduler
        let (trust, effects) = try evaluate(.scheduler, score: need.minScore - 0.001, daysLater: 30)
        #expect(trust.phase == .scheduler)
        #expect(effects.isEmpty)
    }

    @Test func scoreOneStepAboveThresholdAdvances() throws {
        let need = rules.trust.toAutoScheduler
        let (trust, _) = try evaluate(.scheduler, score: need.minScore + 0.001, daysLater: 30)
        #expect(trust.phase == .autoScheduler)
    }

    @Test func oneDayShortOfMinimumDaysDoesNotAdvance() throws {
        let need = rules.trust.toTransformer
        let (trust, _) = try evaluate(.autoScheduler, score: 1, daysLater: need.minDaysInPreviousPhase - 1)
        #expect(trust.phase == .autoScheduler)
    }

    @Test func oneDayPastMinimumDaysAdvances() throws {
        let need = rules.trust.toTransformer
        let (trust, _) = try evaluate(.autoScheduler, score: 1, daysLater: need.minDaysInPreviousPhase + 1)
        #expect(trust.phase == .transformer)
    }

    @Test func healthConfidenceJustBelowRequirementBlocksAdvancement() throws {
        let need = rules.trust.toFullGhost
        let (trust, _) = try evaluate(.transformer, score: 1, daysLater: 30, healthConfidence: need.minHealthConfidence - 0.001)
        #expect(trust.phase == .transformer)
    }

    @Test func healthConfidenceJustAboveRequirementAllowsAdvancement() throws {
        let need = rules.trust.toFullGhost
        let (trust, _) = try evaluate(.transformer, score: 1, daysLater: 30, healthConfidence: need.minHealthConfidence + 0.001)
        #expect(trust.phase == .fullGhost)
    }

    @Test func advancesOnlyOneRungPerEvaluation() throws {
        let (trust, effects) = try evaluate(.observer, score: 1, daysLater: 60)
        #expect(trust.phase == .scheduler)
        #expect(effects.count == 1)
    }

    @Test func fullGhostHasNowhereToAdvance() throws {
        let (trust, effects) = try evaluate(.fullGhost, score: 1, daysLater: 60)
        #expect(trust.phase == .fullGhost)
        #expect(effects.isEmpty)
    }

    @Test func scoreBetweenEntryAndHysteresisDoesNotDemote() throws {
        let entry = rules.trust.toTransformer.minScore
        let (trust, effects) = try evaluate(.transformer, score: entry - rules.trust.demotionHysteresis / 2, daysLater: 1)
        #expect(trust.phase == .transformer)
        #expect(effects.isEmpty)
    }

    @Test func scoreExactlyAtHysteresisFloorDoesNotDemote() throws {
        let floor = rules.trust.toTransformer.minScore - rules.trust.demotionHysteresis
        let (trust, _) = try evaluate(.transformer, score: floor, daysLater: 1)
        #expect(trust.phase == .transformer)
    }

    @Test func scoreBelowHysteresisFloorDemotesOneRung() throws {
        let floor = rules.trust.toTransformer.minScore - rules.trust.demotionHysteresis
        let (trust, effects) = try evaluate(.transformer, score: floor - 0.001, daysLater: 1)
        #expect(trust.phase == .autoScheduler)
        guard case .phaseChanged(let change) = effects.first else {
            Issue.record("expected a phase change")
            return
        }
        #expect(change.cause == .demoted)
    }

    @Test func demotedPhaseDoesNotBounceBackBeforeItsMinimumDays() throws {
        var trust = TrustLadder(phase: .transformer, score: 0.31, phaseEnteredOn: TestTime.monday)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(20, 23), rules: rules)
        #expect(trust.phase == .transformer)
        _ = try trust.handle(.signal(.autoBlockDeleted, confidence: 1), at: TestTime.moment(21, 9), rules: rules)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(21, 23), rules: rules)
        #expect(trust.phase == .autoScheduler)
        for _ in 0..<7 {
            _ = try trust.handle(.signal(.transformationKept, confidence: 1), at: TestTime.moment(22, 9), rules: rules)
        }
        #expect(trust.score >= rules.trust.toTransformer.minScore)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(22, 23), rules: rules)
        #expect(trust.phase == .autoScheduler)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(31, 23), rules: rules)
        #expect(trust.phase == .transformer)
    }

    @Test func observerIsNeverDemoted() throws {
        let (trust, effects) = try evaluate(.observer, score: 0, daysLater: 1)
        #expect(trust.phase == .observer)
        #expect(effects.isEmpty)
    }

    @Test func manualAdvanceWinsAndIsRecorded() throws {
        var trust = TrustLadder(phase: .observer, score: 0, phaseEnteredOn: TestTime.monday)
        let effects = try trust.handle(.manualChange(to: .fullGhost), at: TestTime.moment(1, 9), rules: rules)
        #expect(trust.phase == .fullGhost)
        #expect(trust.pinnedByUser)
        guard case .phaseChanged(let change) = effects.first else {
            Issue.record("expected a phase change")
            return
        }
        #expect(change.cause == .manual && change.from == .observer)
    }

    @Test func manualPhaseIsNotDemotedByLowScoreUntilReleased() throws {
        var trust = TrustLadder(phase: .observer, score: 0, phaseEnteredOn: TestTime.monday)
        _ = try trust.handle(.manualChange(to: .fullGhost), at: TestTime.moment(1, 9), rules: rules)
        #expect(try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(1, 23), rules: rules).isEmpty)
        #expect(trust.phase == .fullGhost)
        _ = try trust.handle(.releaseManualPin, at: TestTime.moment(2, 9), rules: rules)
        #expect(!trust.pinnedByUser)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(2, 23), rules: rules)
        #expect(trust.phase == .transformer)
    }

    @Test func manualRetreatStopsAutomaticAdvancement() throws {
        var trust = TrustLadder(phase: .autoScheduler, score: 1, phaseEnteredOn: TestTime.monday)
        _ = try trust.handle(.manualChange(to: .scheduler), at: TestTime.moment(0, 9), rules: rules)
        _ = try trust.handle(.evaluate(healthConfidence: 1), at: TestTime.moment(40, 23), rules: rules)
        #expect(trust.phase == .scheduler)
    }

    @Test func manualChangeToTheCurrentPhaseOnlyPins() throws {
        var trust = TrustLadder(phase: .scheduler, score: 0.3, phaseEnteredOn: TestTime.monday)
        #expect(try trust.handle(.manualChange(to: .scheduler), at: TestTime.moment(0, 9), rules: rules).isEmpty)
        #expect(trust.pinnedByUser)
    }

    @Test func breakerCapsScoreDropsToSchedulerAndUnpins() throws {
        var trust = TrustLadder(phase: .fullGhost, score: 0.9, phaseEnteredOn: TestTime.monday, pinnedByUser: true)
        let effects = try trust.handle(.breakerFired, at: TestTime.moment(3, 9), rules: rules)
        #expect(trust.phase == .scheduler)
        #expect(trust.score == 0.5)
        #expect(!trust.pinnedByUser)
        guard case .phaseChanged(let change) = effects.first else {
            Issue.record("expected a phase change")
            return
        }
        #expect(change.cause == .breaker)
    }

    @Test func breakerKeepsAScoreAlreadyBelowTheCap() throws {
        var trust = TrustLadder(phase: .autoScheduler, score: 0.3, phaseEnteredOn: TestTime.monday)
        _ = try trust.handle(.breakerFired, at: TestTime.moment(3, 9), rules: rules)
        #expect(trust.score == 0.3)
    }
}

/// What `trust set auto` announces is where the days that close after it take the ladder.
struct PhaseOnReleaseTests {
    let rules = EngineRules.standard

    @Test func aFullGhostSetByHandWithAThirdOfTheScoreIsAnnouncedAsAutoSchedulerAndClosingDaysTakeItThere() throws {
        var trust = TrustLadder(phase: .fullGhost, score: 0.3, phaseEnteredOn: TestTime.monday, pinnedByUser: true)
        #expect(trust.phaseOnRelease(rules: rules.trust) == .autoScheduler)
        _ = try trust.handle(.releaseManualPin, at: TestTime.moment(0, 9, 0), rules: rules)
        var phases: [TrustPhase] = []
        for day in 0..<5 {
            _ = try trust.handle(.evaluate(healthConfidence: 0), at: TestTime.moment(day, 23, 59), rules: rules)
            phases.append(trust.phase)
        }
        #expect(phases == [.transformer, .autoScheduler, .autoScheduler, .autoScheduler, .autoScheduler])
    }

    @Test func aPhaseTheScoreEarnsIsWhereTheLadderStays() {
        let trust = TrustLadder(phase: .transformer, score: 0.35, phaseEnteredOn: TestTime.monday, pinnedByUser: true)
        #expect(trust.phaseOnRelease(rules: rules.trust) == .transformer, "0.35 is within the hysteresis below 0.4")
        let low = TrustLadder(phase: .scheduler, score: 0, phaseEnteredOn: TestTime.monday, pinnedByUser: true)
        #expect(low.phaseOnRelease(rules: rules.trust) == .scheduler, "the Scheduler's entry score less the hysteresis is below 0")
    }
}
