import Foundation
import TestPrograms
import Testing

@testable import Store

/// A value the store keeps as JSON reads back as the type the caller names; one that does not is an error that names
/// its table, column and row, and the row is kept as it is.
@Suite(.removesScratchFolders)
struct StoredJSONTests {
    private struct Tally: Codable, Equatable {
        var count: Int
    }

    private let now = Date(timeIntervalSince1970: 1_795_500_000)

    @Test func aKeptValueReadsBackAsTheTypeTheCallerNames() throws {
        let database = try AppDatabase.inMemory()
        try database.saveWeekForecast(WeekForecastRecord(madeAt: now, body: try StoredJSON.encode(Tally(count: 3))))
        #expect(try database.weekForecast()?.value(as: Tally.self) == Tally(count: 3))
    }

    @Test func aReceiptThatIsNotWhatItShouldBeIsAnErrorNamingItsTableColumnAndRow() throws {
        let database = try AppDatabase.inMemory()
        let receipt = StoredReceipt(id: "r7", at: now, action: "blockScheduled", body: Data(#"{"count":"many"}"#.utf8))
        try database.recordDecision(state: Data("{}".utf8), receipts: [receipt], at: now)
        let stored = try #require(try database.recentReceipts(limit: 1).first)
        let error = #expect(throws: StoreError.self) { try stored.value(as: Tally.self) }
        guard case .unreadableValue(let what, let table, let column, let row, let detail)? = error else {
            Issue.record("not an unreadable value: \(String(describing: error))")
            return
        }
        #expect(what == "a decision receipt" && table == "decisionReceipt" && column == "body" && row == "id r7")
        #expect(detail.contains("count"), "\(detail)")
        #expect(error?.description.contains("table decisionReceipt, column body, row id r7") == true)
    }

    @Test func anEngineStateThatDoesNotReadIsAnErrorAndIsKept() throws {
        let database = try AppDatabase.inMemory()
        try database.recordDecision(state: Data(#"{"count":null}"#.utf8), receipts: [], at: now)
        #expect(throws: StoreError.self) { try database.ghostState(as: Tally.self) }
        #expect(try database.savedGhostState() == Data(#"{"count":null}"#.utf8))
        #expect(try AppDatabase.inMemory().ghostState(as: Tally.self) == nil)
    }

    @Test func theNotificationLedgerReadsThroughTheSamePolicy() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.notificationLedger(as: Tally.self) == nil)
        try database.saveNotificationLedger(Data("[]".utf8), at: now)
        let error = #expect(throws: StoreError.self) { try database.notificationLedger(as: Tally.self) }
        #expect(error?.description.contains("table notificationLedger, column ledger, row id 1") == true)
    }
}
