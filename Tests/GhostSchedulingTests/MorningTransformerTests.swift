import GhostEngine
import Testing
import GhostScheduling

@Suite struct MorningTransformerTests {
    private let transformer = TrustPhase.transformer.capabilities
    private let rules = TransformationRules()

    private func decide(_ intensity: SessionIntensity, _ signals: MorningSignals, _ capabilities: TrustCapabilities? = nil)
        -> TransformationDecision
    {
        MorningTransformer.decide(
            intensity: intensity, durationMinutes: 60, signals: signals, capabilities: capabilities ?? transformer,
            rules: rules)
    }

    @Test func sleepBelowTheThresholdRemovesAnyBlock() throws {
        guard case .apply(let change) = decide(.light, MorningSignals(lastNightSleepMinutes: 299)) else {
            Issue.record("expected a removal")
            return
        }
        #expect(change.adjustment == .remove)
        #expect(change.durationAfter == 0)
        #expect(change.reason.contains("299 minutes"))
    }

    @Test func sleepExactlyAtTheThresholdKeepsTheBlock() throws {
        #expect(decide(.heavy, MorningSignals(lastNightSleepMinutes: 300)) == .keep)
    }

    @Test func hrvCrashTurnsAHeavySessionIntoARecoveryWalk() throws {
        let decision = decide(.heavy, MorningSignals(lastNightSleepMinutes: 420, hrv: 39.9, hrvBaseline7: 50))
        guard case .apply(let change) = decision else {
            Issue.record("expected a transformation, got \(decision)")
            return
        }
        #expect(change.adjustment == .transform(durationMinutes: 30))
        #expect(change.rule == .hrvCrash)
        #expect(change.durationBefore == 60)
        #expect(change.reason.hasPrefix("Your HRV is 20 % below your 7-day baseline"))
    }

    @Test func hrvExactlyAtTheMarginIsNotACrash() throws {
        #expect(decide(.heavy, MorningSignals(hrv: 40, hrvBaseline7: 50)) == .keep)
    }

    @Test func hrvCrashLeavesLighterSessionsAlone() throws {
        #expect(decide(.moderate, MorningSignals(hrv: 20, hrvBaseline7: 50)) == .keep)
    }

    @Test func shortSleepWinsOverAnHrvCrash() throws {
        let decision = decide(.heavy, MorningSignals(lastNightSleepMinutes: 200, hrv: 20, hrvBaseline7: 50))
        guard case .apply(let change) = decision else {
            Issue.record("expected a removal")
            return
        }
        #expect(change.adjustment == .remove)
    }

    @Test func belowTransformerPhaseTheSameSignalsGiveASuggestion() throws {
        let decision = decide(.light, MorningSignals(lastNightSleepMinutes: 200), TrustPhase.autoScheduler.capabilities)
        guard case .suggest(let change) = decision else {
            Issue.record("expected a suggestion, got \(decision)")
            return
        }
        #expect(change.adjustment == .remove)
    }

    @Test func missingSignalsNeverTriggerARule() throws {
        #expect(decide(.heavy, MorningSignals()) == .keep)
        #expect(decide(.heavy, MorningSignals(hrv: 10)) == .keep)
    }
}
