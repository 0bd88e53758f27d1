import Foundation
import TestPrograms
import Testing

@testable import Store

private let monday = Date(timeIntervalSince1970: 1_795_341_600)

/// UIDs from a counter, so the tests can name them.
private final class UIDCounter {
    private var next = 0
    func make() -> String {
        next += 1
        return "uid-\(next)"
    }
}

@Test(.removesScratchFolders) func aNewItemGetsTwoFreshUIDsAndRevisionZero() throws {
    let database = try AppDatabase.inMemory()
    let uids = UIDCounter()
    let items = try database.settleCalendarItems(["b1": "h1"], at: monday, newUID: uids.make)
    #expect(items["b1"] == CalendarItem(itemID: "b1", uid: "uid-1", shadowUID: "uid-2", sequence: 0, contentHash: "h1",
                                        createdAt: monday, modifiedAt: monday))
    #expect(try database.calendarItems() == items)
    #expect(try database.exportAll().calendarItems == [try #require(items["b1"])])
}

@Test(.removesScratchFolders) func theSequenceRisesOnlyWhenTheContentChanges() throws {
    let database = try AppDatabase.inMemory()
    let uids = UIDCounter()
    _ = try database.settleCalendarItems(["b1": "h1"], at: monday, newUID: uids.make)
    let same = try database.settleCalendarItems(["b1": "h1"], at: monday.addingTimeInterval(60), newUID: uids.make)
    #expect(same["b1"]?.sequence == 0 && same["b1"]?.modifiedAt == monday)
    let changed = try database.settleCalendarItems(["b1": "h2"], at: monday.addingTimeInterval(120), newUID: uids.make)
    #expect(changed["b1"]?.sequence == 1)
    #expect(changed["b1"]?.modifiedAt == monday.addingTimeInterval(120))
    #expect(changed["b1"]?.createdAt == monday)
    #expect(changed["b1"]?.uid == "uid-1")
}

@Test(.removesScratchFolders) func anItemThatLeavesTheCalendarNeverGetsItsUIDBack() throws {
    let database = try AppDatabase.inMemory()
    let first = try database.settleCalendarItems(["b1": "h1"], at: monday)
    #expect(try database.settleCalendarItems([:], at: monday).isEmpty)
    let again = try database.settleCalendarItems(["b1": "h1"], at: monday)
    #expect(again["b1"]?.uid != first["b1"]?.uid)
    #expect(again["b1"]?.shadowUID != first["b1"]?.shadowUID)
}

@Test(.removesScratchFolders) func uidsAreRandomUUIDsAndNotReusedAfterAPurge() throws {
    let database = try AppDatabase.inMemory()
    let before = try #require(try database.settleCalendarItems(["b1": "h1"], at: monday)["b1"])
    #expect(UUID(uuidString: before.uid) != nil && before.uid == before.uid.lowercased())
    try database.purgeAll(replacingStateWith: Data("{}".utf8), at: monday)
    #expect(try database.calendarItems().isEmpty)
    // The new Ghost numbers its blocks from b1 again; the calendar sees a new event.
    let after = try #require(try database.settleCalendarItems(["b1": "h1"], at: monday)["b1"])
    #expect(after.uid != before.uid)
}

@Test(.removesScratchFolders) func theUIDsTheCalendarShowedAreAdoptedOnceAtTheUpgrade() throws {
    let database = try AppDatabase.inMemory()
    let uids = UIDCounter()
    let existing = ["b1": "vigor-b1@vigord", "b2": "vigor-b2@vigord"]
    let items = try database.settleCalendarItems(["b1": "h1", "b3": "h3"], existingUIDs: existing, at: monday, newUID: uids.make)
    #expect(items["b1"]?.uid == "vigor-b1@vigord")
    // Written before under unknown content: this write is its first revision under the new rules.
    #expect(items["b1"]?.sequence == 1)
    #expect(items["b3"]?.uid.hasPrefix("uid-") == true)
    #expect(items["b2"] == nil, "an item no longer written is not adopted")
    // After a purge the old UIDs are not taken again, although the ledger may still list them.
    try database.purgeAll(replacingStateWith: Data("{}".utf8), at: monday)
    let later = try database.settleCalendarItems(["b1": "h1"], existingUIDs: existing, at: monday, newUID: uids.make)
    #expect(later["b1"]?.uid.hasPrefix("uid-") == true)
}

@Test(.removesScratchFolders) func identitiesWrittenWhileTheStoreFailedAreTakenAsTheyWere() throws {
    let refusal = WriteRefusal()
    let database = try AppDatabase.inMemory(refusal: refusal)
    let saved = try database.settleCalendarItems(["b1": "h1"], at: monday)
    refusal.refuse()
    #expect(throws: StoreError.self) { try database.settleCalendarItems(["b1": "h2", "b2": "h3"], at: monday) }
    // What the daemon wrote meanwhile, from the same rule.
    let written = CalendarItem.settle(saved, contentHashes: ["b1": "h2", "b2": "h3"], at: monday.addingTimeInterval(60))
    refusal.lift()
    let settled = try database.settleCalendarItems(["b1": "h2", "b2": "h3"], written: written, at: monday.addingTimeInterval(120))
    #expect(settled == written)
    #expect(try database.calendarItems() == written)
}

@Test(.removesScratchFolders) func receiptsOfSomeActionsSinceADateComeOldestFirst() throws {
    let database = try AppDatabase.inMemory()
    let receipts = [
        StoredReceipt(id: "r1", at: monday, action: "scheduled", body: Data()),
        StoredReceipt(id: "r2", at: monday.addingTimeInterval(60), action: "trustChanged", body: Data()),
        StoredReceipt(id: "r10", at: monday.addingTimeInterval(120), action: "moved", body: Data()),
        StoredReceipt(id: "r9", at: monday.addingTimeInterval(120), action: "moved", body: Data()),
    ]
    try database.recordDecision(state: Data(), receipts: receipts, at: monday)
    #expect(try database.receipts(since: monday.addingTimeInterval(1), actions: ["scheduled", "moved"]).map(\.id) == ["r10", "r9"])
    #expect(try database.receipts(since: monday, actions: ["scheduled"]).map(\.id) == ["r1"])
}
