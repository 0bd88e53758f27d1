import CivilCalendar
import Foundation
import GhostEngine
import Testing

@testable import VigorDaemon

/// A block's description explains the time it is at: once it moved, the move's reason alone, not the placement's reasons
/// for the time it left.
@Suite struct MovedBlockDescriptionTests {
    private let placedAt = Date(timeIntervalSince1970: 1_795_629_600)
    private var block: ScheduledBlock {
        ScheduledBlock(
            id: BlockID(rawValue: "b7"), origin: .auto,
            start: Moment(date: placedAt.addingTimeInterval(36_000), day: LocalDay(year: 2026, month: 11, day: 24), weekday: 3, hour: 18),
            durationMinutes: 45, status: .scheduled, kind: .run)
    }

    private func receipt(_ action: DecisionAction, _ reason: String, after seconds: TimeInterval, conflict: Bool = false) -> DecisionReceipt {
        var inputs = [ReceiptInput("block", "b7"), ReceiptInput("preferredWindow", "1.000"), ReceiptInput("autonomy", "engineDecides")]
        if conflict { inputs.append(ReceiptInput("conflict", "m1")) }
        return DecisionReceipt(
            id: "r\(Int(seconds))", action: action, at: placedAt.addingTimeInterval(seconds), inputs: inputs, alternatives: [],
            confidence: 0.8, trustImpact: 0, reason: reason)
    }

    @Test func aBlockAtItsPlacedTimeSaysWhyThatTime() {
        let text = BlockDescription.block(block, receipts: [receipt(.scheduled, "free at 07:00; in your preferred window", after: 0)])
        #expect(text.contains("Why this time:") && text.contains("free at 07:00; in your preferred window"), "\(text)")
    }

    @Test func aMovedBlockGivesOnlyTheReasonOfItsMove() {
        let text = BlockDescription.block(block, receipts: [
            receipt(.scheduled, "free at 07:00; in your preferred window", after: 0),
            receipt(.moved, "Moved to 18:00: Standup now covers 07:00.", after: 3600),
        ])
        #expect(text.contains("Moved to 18:00: Standup now covers 07:00."), "\(text)")
        #expect(!text.contains("free at 07:00") && !text.contains("Why this time:"), "\(text)")
    }
}
