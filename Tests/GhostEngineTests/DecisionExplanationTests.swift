import Foundation
import GhostEngine
import Testing

/// `vigorctl why` speaks English first: the seed's sentence per decision kind, in the user's zone, and factor rows
/// whose impact follows the score components.
struct DecisionExplanationTests {
    private let window = "because this window had the best combination of calendar availability and your historical energy patterns."

    /// The receipt of a block offered for Wednesday 07:00 Berlin with the slot finder's factors, last night's sleep
    /// written as `sleep`.
    private func placement(
        phase: TrustPhase, sleep: String = "420.000 (-0.200)", preferred: String = "1.000", learned: String = "0.800",
        autonomy: String = "engineDecides", history: [ReceiptInput] = []
    ) throws -> DecisionReceipt {
        var fixture = try GhostFixture(phase: phase)
        let factors = history + [
            ReceiptInput("preferredWindow", preferred), ReceiptInput("learnedPreference", learned),
            ReceiptInput("skipProbability", "0.240"), ReceiptInput("meetingDensity", "4.000 (+0.600)"),
            ReceiptInput("lastNightSleep", sleep), ReceiptInput("weekday", "0.500 (+0.000)"), ReceiptInput("autonomy", autonomy),
        ]
        let candidate = BlockCandidate(
            start: try TestTime.date(2, 7), durationMinutes: 45, confidence: autonomy == "proposalOnly" ? 0 : 1, factors: factors)
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

    @Test func aSlotTheWeekendMorningPushedLaterSaysSoInTheHeadlineAndARow() throws {
        let morning = ReceiptInput("weekendMorning", "kept free until 09:00; 06:30 would have come first, in your preferred window")
        let explanation = DecisionExplanation(
            try placement(phase: .autoScheduler, preferred: "0.000", learned: "0.500", history: [morning]), timeZone: TestTime.berlin.timeZone)
        #expect(explanation.headline.hasSuffix(
            "it was the best free time that day, although outside your preferred hours and the weekend morning is kept free until 09:00."),
            "\(explanation.headline)")
        #expect(explanation.factors.contains(.init(
            name: "Weekend morning", value: "kept free until 09:00; 06:30 would have come first, in your preferred window", impact: .hurt)))
    }

    @Test func aSlotTheWeekendMorningDidNotMoveNamesNoWeekendMorning() throws {
        let explanation = DecisionExplanation(try placement(phase: .autoScheduler), timeZone: TestTime.berlin.timeZone)
        #expect(!explanation.headline.contains("weekend morning"))
        #expect(!explanation.factors.contains { $0.name == "Weekend morning" })
    }

    @Test func factorsAboveTheNeutralValueHelpedAndBelowItHurt() throws {
        let factors = DecisionExplanation(try placement(phase: .autoScheduler), timeZone: TestTime.berlin.timeZone).factors
        let rows = Dictionary(uniqueKeysWithValues: factors.map { ($0.name, $0) })
        #expect(rows["Preferred times"] == .init(name: "Preferred times", value: "inside your preferred times", impact: .helped))
        #expect(rows["Your past sessions"] == .init(name: "Your past sessions", value: "80 % likely done at this weekday and hour", impact: .helped))
        #expect(rows["Skip risk"] == .init(name: "Skip risk", value: "24 %", impact: .helped))
        #expect(rows["Busy hours that day"] == .init(name: "Busy hours that day", value: "4.0 h", impact: .hurt))
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
        let receipt = try placement(phase: .scheduler)
        #expect(receipt.action == .proposed)
        let explanation = DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone)
        #expect(explanation.headline == "Suggested Wed 07:00 \(window)")
        var fixture = try GhostFixture(phase: .autoScheduler)
        let unsure = try #require(try fixture.place(day: 2, hour: 7, confidence: 0.1).receipts.first)
        #expect(DecisionExplanation(unsure, timeZone: TestTime.berlin.timeZone).factors.first { $0.name == "Confidence" }?.impact == .hurt)
    }

    @Test func withoutHistoryTheHeadlineSaysTheCalendarsAndPreferredHoursDecided() throws {
        let zone = TestTime.berlin.timeZone
        let inside = try placement(phase: .autoScheduler, learned: "0.500", history: [ReceiptInput("pastSessions", "0")])
        #expect(DecisionExplanation(inside, timeZone: zone).headline
            == "Scheduled for Wed 07:00 because your calendars are free then and it is inside your preferred hours.")
        #expect(DecisionExplanation(inside, timeZone: zone).factors.contains { $0.value == "no history yet" })
        let outside = try placement(phase: .autoScheduler, preferred: "0.000", learned: "0.500")
        #expect(DecisionExplanation(outside, timeZone: zone).headline == "Scheduled for Wed 07:00 because your calendars are free "
            + "then and it was the best free time that day, although outside your preferred hours.")
        let unset = try placement(phase: .scheduler, preferred: "0.500", learned: "0.500")
        #expect(DecisionExplanation(unset, timeZone: zone).headline == "Suggested Wed 07:00 because your calendars are free then.")
    }

    @Test func aDayWithAnUnreadableCalendarClaimsOnlyTheCalendarsThatWereRead() throws {
        let receipt = try placement(phase: .autoScheduler, autonomy: "proposalOnly")
        #expect(receipt.action == .proposed)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline
            == "Suggested Wed 07:00 because the calendars I could read are free then and it is inside your preferred hours. "
            + "A calendar could not be read for that day, so it can only be a suggestion.")
    }

    @Test func theSeedsSentenceNeedsPastSessionsThatRaisedTheSlot() throws {
        let zone = TestTime.berlin.timeZone
        #expect(DecisionExplanation(try placement(phase: .scheduler, learned: "0.800"), timeZone: zone).headline.hasSuffix(window))
        for learned in ["0.500", "0.200"] {
            let headline = DecisionExplanation(try placement(phase: .scheduler, learned: learned), timeZone: zone).headline
            #expect(!headline.contains("historical"), "\(learned): \(headline)")
        }
    }

    @Test func aPlacementWithoutSlotFactorsLeadsWithItsReasonAndClaimsNothingElse() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        let receipt = try #require(try fixture.place(day: 2, hour: 7).receipts.first)
        #expect(DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).headline == receipt.reason)
        #expect(receipt.reason.hasPrefix("I suggested Wed 07:00"))
    }

    @Test func aBlockMovedOffAMeetingSaysItMovedAndWhatCoversTheOldTime() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 5, hour: 18))
        let cause = "'Board meeting' (team) now covers 18:00–19:00"
        let conflict = BlockConflict(block: id, cause: cause, target: try TestTime.date(5, 19, 15))
        let receipt = try #require(try fixture.send(.conflictFound(conflict), day: 5, hour: 12).receipts.first)
        let explanation = DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone)
        #expect(explanation.headline == "Moved Sat 18:00 → 19:15: \(cause).")
        #expect(explanation.headline == receipt.reason)
        #expect(explanation.factors.prefix(3) == [
            .init(name: "What changed", value: cause, impact: .hurt), .init(name: "Was at", value: "Sat 18:00", impact: .neutral),
            .init(name: "Moved to", value: "Sat 19:15", impact: .neutral),
        ])
        #expect(!explanation.headline.contains("best combination"))
    }

    @Test func aMovedSuggestionAProposedMoveAndARemovalEachHaveTheirOwnHeadline() throws {
        let zone = TestTime.berlin.timeZone
        let cause = "'Board meeting' (team) now covers 18:00–19:00"
        var proposing = try GhostFixture(phase: .scheduler)
        try proposing.place(day: 5, hour: 18)
        let b1 = BlockID(rawValue: "b1")
        let following = try #require(try proposing.send(
            .conflictFound(BlockConflict(block: b1, cause: cause, target: try TestTime.date(6, 7))), day: 5, hour: 12).receipts.first)
        #expect(following.action == .proposed)
        #expect(DecisionExplanation(following, timeZone: zone).headline == "Moved the suggestion Sat 18:00 → Sun 07:00: \(cause).")

        var asking = try GhostFixture(phase: .scheduler)
        try asking.place(day: 5, hour: 18)
        _ = try asking.send(.proposalAnswered(b1, accepted: true), day: 5, hour: 6)
        let offer = try #require(try asking.send(
            .conflictFound(BlockConflict(block: b1, cause: cause, target: try TestTime.date(5, 19, 15))), day: 5, hour: 12).receipts.first)
        #expect(DecisionExplanation(offer, timeZone: zone).headline == "Suggested moving Sat 18:00 → 19:15: \(cause).")

        var removing = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try removing.autoBlock(day: 5, hour: 18))
        let removal = try #require(try removing.send(
            .conflictFound(BlockConflict(block: id, cause: cause, target: nil)), day: 5, hour: 12).receipts.first)
        #expect(removal.action == .removed)
        let explained = DecisionExplanation(removal, timeZone: zone)
        #expect(explained.headline == "Removed Sat 18:00: \(cause), and no free time is left in the next days.")
        #expect(explained.factors.contains { $0.name == "Moved to" && $0.value == "none in the next days" })
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

    @Test func afterACompletedSessionThePastSessionsAreNotSaidToBeNone() throws {
        let receipt = try placement(phase: .autoScheduler, learned: "0.500", history: [ReceiptInput("pastSessions", "1")])
        let rows = Dictionary(uniqueKeysWithValues: DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).factors.map { ($0.name, $0) })
        #expect(rows["Your past sessions"]?.value == "no lean either way at this weekday and hour (1 past session in all)")
        let fresh = try placement(phase: .autoScheduler, learned: "0.500", history: [ReceiptInput("pastSessions", "0")])
        #expect(DecisionExplanation(fresh, timeZone: TestTime.berlin.timeZone).factors.contains { $0.value == "no history yet" })
    }

    @Test func theSkipRowsNameWhatEachRateIsWeighedAgainstSoTheyAgree() throws {
        // Two sessions on Wednesdays at 07:00, one skipped: as often as on Wednesdays at all, which is more than on all days.
        let receipt = try placement(phase: .autoScheduler, history: [
            ReceiptInput("slotHistory", "0.500 (+0.000) from 2 sessions"), ReceiptInput("pastSessions", "3"),
        ])
        let factors = DecisionExplanation(receipt, timeZone: TestTime.berlin.timeZone).factors
        let rows = Dictionary(uniqueKeysWithValues: factors.map { ($0.name, $0) })
        #expect(rows["Skips at this hour"] == .init(
            name: "Skips at this hour", value: "50 % from 2 sessions, against 50 % on this weekday", impact: .neutral))
        let hurt = DecisionExplanation(try placementWithWeekday("0.500 (+0.405) from 2 sessions"), timeZone: TestTime.berlin.timeZone).factors
        #expect(hurt.first { $0.name == "Skips on this weekday" }
            == .init(name: "Skips on this weekday", value: "50 % from 2 sessions, against 40 % on all days", impact: .hurt))
    }

    /// A placement whose weekday factor is `weekday`.
    private func placementWithWeekday(_ weekday: String) throws -> DecisionReceipt {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let factors = [
            ReceiptInput("preferredWindow", "1.000"), ReceiptInput("learnedPreference", "0.800"), ReceiptInput("weekday", weekday),
            ReceiptInput("autonomy", "engineDecides"),
        ]
        let candidate = BlockCandidate(start: try TestTime.date(2, 7), durationMinutes: 45, confidence: 1, factors: factors)
        let effects = try fixture.ghost.handle(.placementRequested(candidate, alternatives: []), now: try TestTime.date(1, 21))
        return try #require(effects.receipts.first)
    }
}
