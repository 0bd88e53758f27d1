import Foundation
import GRDB

/// The calendar identity of one item vigord writes (a block, a proposal, a recovery time): its UIDs and its
/// revision, so CalDAV servers and phones take every rewrite as an update of the same event.
public struct CalendarItem: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The item's id in vigord's calendar (`b7`, `b7-move`, `recovery-1795341600`).
    public var itemID: String
    /// UID of the event in vigord's own collection: a random UUID, never given to another item.
    public var uid: String
    /// UID of the item's busy event in the shadow collection: another random UUID, so the two never meet.
    public var shadowUID: String
    /// SEQUENCE: 0 when first written, one more each time the written content changes.
    public var sequence: Int
    /// Fingerprint of the content written at `sequence`.
    public var contentHash: String
    /// When the item was first written (CREATED).
    public var createdAt: Date
    /// When its content last changed (LAST-MODIFIED and DTSTAMP).
    public var modifiedAt: Date

    public static let databaseTableName = "calendarItem"

    public init(
        itemID: String, uid: String, shadowUID: String, sequence: Int, contentHash: String, createdAt: Date, modifiedAt: Date
    ) {
        self.itemID = itemID
        self.uid = uid
        self.shadowUID = shadowUID
        self.sequence = sequence
        self.contentHash = contentHash
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }

    /// A fresh random UID (RFC 7986 recommends a UUID): lowercase, as most servers print them.
    public static func randomUID() -> String {
        UUID().uuidString.lowercased()
    }
}

extension CalendarItem {
    /// The rule for settling identities, without storage: a new item gets fresh random UIDs, an item whose content
    /// fingerprint changed gets the next SEQUENCE and a new modification time, an item not in `contentHashes` is
    /// dropped (its UIDs are never handed out again).
    /// - Parameters:
    ///   - items: the identities known now, by item id.
    ///   - contentHashes: item id → fingerprint of the content about to be written.
    public static func settle(
        _ items: [String: CalendarItem], contentHashes: [String: String], at now: Date, newUID: () -> String = randomUID
    ) -> [String: CalendarItem] {
        var settled: [String: CalendarItem] = [:]
        for (itemID, hash) in contentHashes.sorted(by: { $0.key < $1.key }) {
            if var item = items[itemID] {
                if item.contentHash != hash {
                    item.sequence += 1
                    item.contentHash = hash
                    item.modifiedAt = now
                }
                settled[itemID] = item
            } else {
                settled[itemID] = CalendarItem(itemID: itemID, uid: newUID(), shadowUID: newUID(), sequence: 0, contentHash: hash,
                                               createdAt: now, modifiedAt: now)
            }
        }
        return settled
    }
}

extension AppDatabase {
    /// Settles the identity of every item vigord is about to write (`CalendarItem.settle`) and saves it, in one
    /// transaction.
    ///
    /// The first call ever also adopts `existingUIDs` (item id → the UID the calendar already shows it under, from
    /// before vigord kept UIDs here), so those events stay the same events on servers and phones; later calls ignore
    /// it. `written` are identities the calendar got while the store could not save them: they are taken first.
    public func settleCalendarItems(
        _ contentHashes: [String: String], existingUIDs: [String: String] = [:], written: [String: CalendarItem] = [:],
        at now: Date, newUID: () -> String = CalendarItem.randomUID
    ) throws(StoreError) -> [String: CalendarItem] {
        try write("settle the calendar items") { db in
            for item in written.values.sorted(by: { $0.itemID < $1.itemID }) {
                if let row = try CalendarItem.fetchOne(db, key: item.itemID), row.uid == item.uid, row.sequence > item.sequence { continue }
                try item.save(db)
            }
            let stored = Dictionary(uniqueKeysWithValues: try CalendarItem.fetchAll(db).map { ($0.itemID, $0) })
            var rows = stored
            if try Row.fetchOne(db, sql: "SELECT 1 FROM calendarAdoption WHERE id = 1") == nil {
                var takenUIDs = Set(rows.values.map(\.uid))
                for (itemID, uid) in existingUIDs.sorted(by: { $0.key < $1.key }) {
                    guard contentHashes[itemID] != nil, rows[itemID] == nil, takenUIDs.insert(uid).inserted else { continue }
                    // The content the old file holds is unknown: the first write under the new rules is revision 1.
                    rows[itemID] = CalendarItem(itemID: itemID, uid: uid, shadowUID: newUID(), sequence: 0, contentHash: "",
                                                createdAt: now, modifiedAt: now)
                }
                try db.execute(sql: "INSERT INTO calendarAdoption (id, adoptedAt) VALUES (1, ?)", arguments: [now])
            }
            let settled = CalendarItem.settle(rows, contentHashes: contentHashes, at: now, newUID: newUID)
            for item in stored.values where settled[item.itemID] == nil {
                try item.delete(db)
            }
            for item in settled.values where item != stored[item.itemID] {
                try item.save(db)
            }
            return settled
        }
    }

    /// Every calendar item's identity, by item id.
    public func calendarItems() throws(StoreError) -> [String: CalendarItem] {
        try read("read the calendar items") { db in
            Dictionary(uniqueKeysWithValues: try CalendarItem.fetchAll(db).map { ($0.itemID, $0) })
        }
    }
}
