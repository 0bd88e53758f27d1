import Foundation
import Testing
import GhostEngine

struct ReceiptTests {
    @Test func hashIsFNV1a64OfNameValueLines() {
        // Published FNV-1a 64 test vectors: "" → cbf29ce484222325, "a" → af63dc4c8601ec8c.
        #expect(InputSnapshotHash.hash([]) == "cbf29ce484222325")
        #expect(InputSnapshotHash.fnv1a("a") == "af63dc4c8601ec8c")
        #expect(InputSnapshotHash.hash([ReceiptInput("x", "1"), ReceiptInput("y", "2")]) == InputSnapshotHash.fnv1a("x=1\ny=2\n"))
    }

    @Test func differentInputsGiveDifferentHashesAndOrderMatters() {
        let a = InputSnapshotHash.hash([ReceiptInput("x", "1"), ReceiptInput("y", "2")])
        let b = InputSnapshotHash.hash([ReceiptInput("y", "2"), ReceiptInput("x", "1")])
        let c = InputSnapshotHash.hash([ReceiptInput("x", "1"), ReceiptInput("y", "3")])
        #expect(a != b && a != c)
        #expect(a.count == 16)
    }

    func receipt(at date: Date) -> DecisionReceipt {
        DecisionReceipt(
            id: "r1", action: .scheduled, at: date, inputs: [ReceiptInput("trustPhase", "autoScheduler")],
            alternatives: ["propose instead"], confidence: 0.9, trustImpact: 0, reason: "test")
    }

    @Test func receiptIsKeptForExactlyNinetyDays() throws {
        let issued = try TestTime.date(0, 9)
        let receipt = receipt(at: issued)
        #expect(!receipt.isPrunable(at: issued.addingTimeInterval(90 * 86_400), rules: RetentionRules()))
        #expect(receipt.isPrunable(at: issued.addingTimeInterval(90 * 86_400 + 1), rules: RetentionRules()))
        #expect(receipt.inputHash == InputSnapshotHash.fnv1a("trustPhase=autoScheduler\n"))
    }

    @Test func ghostListsOnlyPrunableReceipts() throws {
        let now = try TestTime.date(100, 9)
        let old = receipt(at: try TestTime.date(0, 9))
        let young = DecisionReceipt(
            id: "r2", action: .proposed, at: try TestTime.date(50, 9), inputs: [], alternatives: [], confidence: 1,
            trustImpact: 0, reason: "young")
        let ghost = Ghost(startingAt: try TestTime.date(0, 0), timeZone: TestTime.berlin.timeZone)
        #expect(ghost.prunableReceipts([old, young], at: now) == ["r1"])
    }

    @Test func receiptEncodesWithCamelCaseKeys() throws {
        let json = String(decoding: try JSONEncoder().encode(receipt(at: try TestTime.date(0, 9))), as: UTF8.self)
        for key in ["\"inputHash\"", "\"trustImpact\"", "\"alternatives\"", "\"action\":\"scheduled\""] {
            #expect(json.contains(key))
        }
    }
}
