import Foundation
import GhostEngine
import Testing

/// `vigorctl why` speaks English first: the seed's sentence per decision kind, in the user's zone, and factor rows
/// whose impact follows the score components.
struct DecisionExplanationTests {
    private let window = "because this window had the best combination of calendar availability and your historical energy patterns."

    /// The receipt of a block offered for Wednesday 07:00 Berlin with the slot finder's factors, last night's sleep
    /// written as `sleep`.
    private func placement(phase: TrustPhase, sleep: String = "420.000 (-0.200)") throws -> DecisionReceipt {
        var fixture = try GhostFixture(phase: phase)
        let factors = [
            ReceiptInput("preferredWindow", "1.000"), ReceiptInput("learnedPreference", "0.800"),
            ReceiptInput("skipProbability", "0.240"), ReceiptInput("meetingDensity", "4.000 (+0.600)"),
            ReceiptInput("lastNightSleep", sleep), ReceiptInput("weekday", "0.500 (+0.000)"),
        ]
        let candidate = BlockCandidate(start: try TestTime.date(2, 7), durationMinutes: 45, confidence: 1, factors: factors)
        let effects = try fixture.ghost.handle(.placementRequested(candidate, alternatives: []), now: try TestTime.date(1, 21))
        return try #require(effects.receipts.first)
    }

    @Test func aScheduledBlockSaysWhenInTheUsersZoneAndWhyInTheSeedsWords() throws {
        let receipt = try placement(phase: .autoScheduler)
        #expect(receipt.action == .scheduled)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline == "Scheduled for Wed 07:00 \(window)")
        // 07:00 Berlin on 2026-03-04 is 01:00 in New York (EST).
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(DecisionExplanation(receipt, timeZone: newYork).headline == "Scheduled for Wed 01:00 \(window)")
    }

    @Test func factorsAboveTheNeutralValueHelpedAndBelowItHurt() throws {
        let factors = DecisionExplanation(try placement(phase: .autoScheduler), timeZone: TestTime.berlin.timeZone).factors
        let rows = Dictionary(uniqueKeysWithValues: factors.map { ($0.name, $0) })
        #expect(rows["Preferred times"] == .init(name: "Preferred times", value: "inside your preferred times", impact: .helped))
        #expect(rows["Your past sessions"] == .init(name: "Your past sessions", value: "80% of sessions done at this hour", impact: .helped))
        #expect(rows["Skip risk"] == .init(name: "Skip risk", value: "24%", impact: .helped))
        #expect(rows["Meetings that day"] == .init(name: "Meetings that day", value: "4.0 h", impact: .hurt))
        #expect(rows["Last night's sleep"] == .init(name: "Last night's sleep", value: "7.0 h", impact: .helped))
        #expect(rows["Skips on this weekday"]?.impact == .neutral)
        #expect(rows["Confidence"]?.impact == .helped)
        #expect(rows["Trust phase"] == .init(name: "Trust phase", value: "Auto-Scheduler", impact: .neutral))
    }

    @Test func sleepNobodyRecordedShowsNoDataAndCountsNeitherWay() throws {
        let receipt = try placement(phase: .autoScheduler, sleep: "no data (+0.000)")
        let sleep = DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).factors.first { $0.name == "Last night's sleep" }
        #expect(sleep == .init(name: "Last night's sleep", value: "no data", impact: .neutral))
        let measured = DecisionExplanation(try placement(phase: .autoScheduler), timeZone: TestTime.berlin.timeZone).factors
        #expect(measured.first { $0.name == "Last night's sleep" }?.value == "7.0 h")
    }

    @Test func aProposalSaysSuggestedAndAConfidenceBelowTheThresholdHurt() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let receipt = try #require(try fixture.place(day: 2, hour: 7, confidence: 0.1).receipts.first)
        #expect(receipt.action == .proposed)
        let explanation = DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone)
        #expect(explanation.headline == "Suggested Wed 07:00 \(window)")
        #expect(explanation.factors.first { $0.name == "Confidence" }?.impact == .hurt)
    }

    @Test func aTransformedBlockSaysFromWhatToWhat() throws {
        var fixture = try GhostFixture(phase: .transformer)
        let id = try #require(try fixture.autoBlock(day: 0))
        let effects = try fixture.send(
            .adjustmentRequested(id, .transform(durationMinutes: 20), confidence: 1, reason: "HRV crash", rule: "hrvCrash"), day: 0, hour: 6)
        let receipt = try #require(effects.receipts.first)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline
            == "Changed from a 45-minute session to a 20-minute recovery walk because your recovery signals suggested your body needs gentler movement today.")
    }

    @Test func aBlockRemovedAfterAShortNightSaysTheSeedsSentence() throws {
        var fixture = try GhostFixture(phase: .transformer)
        let id = try #require(try fixture.autoBlock(day: 0))
        let effects = try fixture.send(.adjustmentRequested(id, .remove, confidence: 1, reason: "short sleep", rule: "shortSleep"), day: 0, hour: 6)
        let receipt = try #require(effects.receipts.first)
        #expect(receipt.action == .removed)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline
            == "Removed today's workout because your sleep was significantly below your baseline, and pushing through would likely hurt more than help.")
    }

    @Test func threeDeletionsStepBackToSchedulerInTheSeedsWords() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        var ids: [BlockID] = []
        for day in 0..<3 { ids.append(try #require(try fixture.autoBlock(day: day))) }
        var receipts: [DecisionReceipt] = []
        for (day, id) in ids.enumerated() { receipts += try fixture.send(.autoBlockDeleted(id), day: day, hour: 6).receipts }
        let breaker = try #require(receipts.first { $0.action == .breakerFired })
        #expect(DecisionExplanation(breaker, timeZone: TestTime.berlin.timeZone).headline
            == "Stepped back to Scheduler because recent schedule changes suggested the timing wasn't working for you.")
    }

    @Test func otherDecisionsLeadWithTheirOwnReason() throws {
        var fixture = try GhostFixture()
        let receipt = try #require(try fixture.send(.manualPhaseChange(to: .transformer), day: 0, hour: 9).receipts.first)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline == "You moved me to Transformer.")
    }
}
