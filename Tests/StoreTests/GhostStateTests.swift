import CivilCalendar
import Foundation
import TestPrograms
import Testing

@testable import Store

@Test(.removesScratchFolders) func newDatabaseHasNoEngineState() throws {
    #expect(try AppDatabase.inMemory().savedGhostState() == nil)
}

@Test(.removesScratchFolders) func decisionSavesStateAndReceiptsTogether() throws {
    let database = try AppDatabase.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_341_600)
    try database.recordDecision(state: Data("one".utf8), receipts: [], at: at)
    try database.recordDecision(
        state: Data("two".utf8),
        receipts: [StoredReceipt(id: "r1", at: at, action: "trustChanged", body: Data("{}".utf8))], at: at)
    #expect(try database.savedGhostState() == Data("two".utf8))
    #expect(try database.recentReceipts(limit: 10).map(\.id) == ["r1"])
}

@Test(.removesScratchFolders) func aFailingReceiptLeavesTheStateAsItWas() throws {
    let database = try AppDatabase.inMemory()
    let at = Date(timeIntervalSince1970: 0)
    let receipt = StoredReceipt(id: "r1", at: at, action: "scheduled", body: Data())
    try database.recordDecision(state: Data("before".utf8), receipts: [receipt], at: at)
    #expect(throws: StoreError.self) {
        try database.recordDecision(state: Data("after".utf8), receipts: [receipt], at: at)
    }
    #expect(try database.savedGhostState() == Data("before".utf8))
}

@Test(.removesScratchFolders) func receiptsComeNewestFirstAndCanBePruned() throws {
    let database = try AppDatabase.inMemory()
    let receipts = (1...3).map {
        StoredReceipt(id: "r\($0)", at: Date(timeIntervalSince1970: Double($0) * 60), action: "proposed", body: Data())
    }
    try database.recordDecision(state: Data(), receipts: receipts, at: Date(timeIntervalSince1970: 0))
    #expect(try database.recentReceipts(limit: 2).map(\.id) == ["r3", "r2"])
    try database.deleteReceipts(ids: ["r3"])
    #expect(try database.recentReceipts(limit: 5).map(\.id) == ["r2", "r1"])
}

@Test(.removesScratchFolders) func purgeDeletesEveryRowAndKeepsTheNewState() throws {
    let database = try AppDatabase.inMemory()
    let at = Date(timeIntervalSince1970: 0)
    _ = try database.recordStart(pid: 1, version: "v", at: at)
    try database.recordDecision(
        state: Data("old".utf8), receipts: [StoredReceipt(id: "r1", at: at, action: "proposed", body: Data())], at: at,
        cycle: CycleRun(kind: .morning, localDate: LocalDay(year: 1970, month: 1, day: 1), ranAt: at, summary: "s"))
    try database.purgeAll(replacingStateWith: Data("new".utf8), at: at)
    let exported = try database.exportAll()
    #expect(exported.ghostState == Data("new".utf8))
    #expect(exported.receipts.isEmpty && exported.cycleRuns.isEmpty && exported.daemonRuns.isEmpty)
}

@Test(.removesScratchFolders) func theInboxTheWeekForecastAndTheHeldTimeAreExportedAndPurged() throws {
    let database = try AppDatabase.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_629_600)
    try database.saveNotificationLedger(Data(#"{"entries":[]}"#.utf8), at: at)
    try database.saveWeekForecast(WeekForecastRecord(madeAt: at, body: Data(#"{"days":[]}"#.utf8)))
    try database.saveHoldBook(HoldBookRecord(savedAt: at, body: Data(#"{"holds":[]}"#.utf8)))
    let exported = try database.exportAll()
    #expect(exported.inbox?.ledger == Data(#"{"entries":[]}"#.utf8) && exported.inbox?.updatedAt == at)
    #expect(exported.weekForecast?.body == Data(#"{"days":[]}"#.utf8))
    #expect(exported.holdBook?.body == Data(#"{"holds":[]}"#.utf8))
    try database.purgeAll(replacingStateWith: Data("new".utf8), at: at)
    let purged = try database.exportAll()
    #expect(purged.inbox == nil && purged.weekForecast == nil && purged.holdBook == nil)
}
