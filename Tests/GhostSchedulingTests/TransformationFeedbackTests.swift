import GhostEngine
import Testing
import GhostScheduling

@Suite struct TransformationFeedbackTests {
    private let rules = TransformationRules()
    private let shortNight = MorningSignals(lastNightSleepMinutes: 200)

    private func feedback(kept: Int, reverted: Int, rule: TransformationRule = .shortSleep) -> TransformationFeedback {
        var feedback = TransformationFeedback()
        for _ in 0..<kept { feedback.record(rule, kept: true) }
        for _ in 0..<reverted { feedback.record(rule, kept: false) }
        return feedback
    }

    private func decision(_ feedback: TransformationFeedback) -> TransformationDecision {
        MorningTransformer.decide(
            intensity: .light, durationMinutes: 45, signals: shortNight,
            capabilities: TrustPhase.transformer.capabilities, rules: rules, feedback: feedback)
    }

    private func isSuggestion(_ decision: TransformationDecision) -> Bool {
        if case .suggest = decision { true } else { false }
    }

    @Test func twoRevertsAreNotYetLearned() throws {
        #expect(!isSuggestion(decision(feedback(kept: 0, reverted: 2))))
    }

    @Test func thirdRevertTurnsTheRuleBackIntoASuggestion() throws {
        let learned = feedback(kept: 0, reverted: 3)
        #expect(abs(learned.revertRate(.shortSleep) - 0.8) < 1e-12)  // (3 + 1) / (3 + 2)
        #expect(isSuggestion(decision(learned)))
    }

    @Test func revertRateMustBeAboveOneHalf() throws {
        // 3 reverts, 2 kept: 4/7 > 0.5 → suggest; 3 reverts, 3 kept: 4/8 = 0.5 → still apply.
        #expect(isSuggestion(decision(feedback(kept: 2, reverted: 3))))
        #expect(!isSuggestion(decision(feedback(kept: 3, reverted: 3))))
    }

    @Test func theGhostsTalliesTeachTheRulesAndManualChangesAreLeftOut() throws {
        let learned = TransformationFeedback(tallies: [
            TransformationTally(rule: "manual", kept: 0, reverted: 9),
            TransformationTally(rule: "shortSleep", kept: 1, reverted: 3),
            TransformationTally(rule: "hrvCrash", kept: 4, reverted: 0),
        ])
        #expect(learned.rules == [
            RuleFeedback(rule: .shortSleep, kept: 1, reverted: 3), RuleFeedback(rule: .hrvCrash, kept: 4, reverted: 0),
        ])
        #expect(isSuggestion(decision(learned)))
    }

    @Test func feedbackIsPerRule() throws {
        let learned = feedback(kept: 0, reverted: 5, rule: .hrvCrash)
        #expect(!isSuggestion(decision(learned)))
        #expect(learned.revertRate(.shortSleep) == 0.5)
        #expect(learned.rules == [RuleFeedback(rule: .hrvCrash, kept: 0, reverted: 5)])
    }

    @Test func countsStayInRuleOrder() throws {
        var feedback = TransformationFeedback()
        feedback.record(.hrvCrash, kept: true)
        feedback.record(.shortSleep, kept: false)
        #expect(feedback.rules.map(\.rule) == [.shortSleep, .hrvCrash])
    }
}
