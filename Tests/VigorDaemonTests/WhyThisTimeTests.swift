import Foundation
import GhostEngine
import Testing

@testable import VigorDaemon

/// The "Why this time" line of a block's description names only what the slot finder's receipt carries.
@Suite struct WhyThisTimeTests {
    private func placement(autonomy: String) -> DecisionReceipt {
        DecisionReceipt(
            id: "r1", action: .proposed, at: Date(timeIntervalSince1970: 1_795_629_600),
            inputs: [
                ReceiptInput("preferredWindow", "1.000"), ReceiptInput("learnedPreference", "0.500"),
                ReceiptInput("skipProbability", "0.500"), ReceiptInput("autonomy", autonomy),
            ],
            alternatives: [], confidence: 0, trustImpact: 0, reason: "test")
    }

    @Test func aDayWhoseCalendarsWereAllReadSaysTheyAreFree() {
        #expect(BlockDescription.whyThisTime(placement(autonomy: "engineDecides"))
            == "Why this time: your calendars are free then and it is inside your preferred training hours.")
    }

    @Test func aDayWithAnUnreadableCalendarClaimsOnlyTheCalendarsThatWereRead() {
        #expect(BlockDescription.whyThisTime(placement(autonomy: "proposalOnly"))
            == "Why this time: the calendars I could read are free then and it is inside your preferred training hours. "
            + "A calendar could not be read for that day, so it can only be a suggestion.")
    }
}
