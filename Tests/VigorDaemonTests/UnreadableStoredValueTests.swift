import Foundation
import GhostEngine
import Store
import TestPrograms
import Testing

@testable import VigorDaemon

/// A value the store keeps as JSON that this vigord cannot read is never skipped in silence: the week's receipt is
/// not built without it (the error names its row), and pruning keeps it for the vigord that wrote it.
@Suite(.removesScratchFolders)
struct UnreadableStoredValueTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Sunday 2026-11-29 21:30 Berlin.
    private let sunday = Date(timeIntervalSince1970: 1_795_984_200)

    /// Saves a receipt whose body is no receipt, with the engine state as it stands.
    private func plantUnreadableReceipt(id: String, at date: Date, in context: LocalAPI.Context) async throws {
        let broken = StoredReceipt(id: id, at: date, action: DecisionAction.scheduled.rawValue, body: Data(#"{"id":7}"#.utf8))
        try context.database.recordDecision(state: try StoredJSON.encode(await context.ghost.current), receipts: [broken], at: date)
    }

    @Test func aReceiptOfTheWeekThatDoesNotReadStopsTheWeeklyReceiptAndIsNamed() async throws {
        let context = try berlinContext(now: sunday)
        try await plantUnreadableReceipt(id: "broken-wednesday", at: sunday.addingTimeInterval(-4 * 86_400), in: context)
        do {
            _ = try await context.backend.runCycle(.weekly, now: sunday, zone: berlin)
            Issue.record("the weekly cycle counted a week without one of its receipts")
        } catch let error as StoreError {
            #expect(error.description.contains("table decisionReceipt, column body, row id broken-wednesday"), "\(error)")
        }
        #expect(try context.database.weeklyReceipt() == nil)
    }

    @Test func pruningKeepsAnOldReceiptThatDoesNotReadAndPrunesTheOthers() async throws {
        let context = try berlinContext(now: sunday)
        let old = sunday.addingTimeInterval(-120 * 86_400)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: old)
        let readable = try #require(try context.database.receipts(before: sunday).first?.id)
        try await plantUnreadableReceipt(id: "broken-old", at: old, in: context)
        let monday = sunday.addingTimeInterval(9.5 * 3600)
        #expect(try await context.backend.runCycle(.morning, now: monday, zone: berlin).ran)
        #expect(try context.database.receipts(before: monday).map(\.id) == ["broken-old"], "\(readable) is pruned")
    }
}
