import Foundation
import GRDB

/// The notification ledger (what the Ghost wanted to say and what became of it) as JSON, one row.
struct NotificationLedgerRecord: Codable, FetchableRecord, PersistableRecord {
    var id = 1
    var ledger: Data
    var updatedAt: Date

    static let databaseTableName = "notificationLedger"
}

extension AppDatabase {
    /// The saved notification ledger as a `Ledger`, nil before the first decision.
    /// - Throws: `StoreError.unreadableValue` when the saved one is not a `Ledger`.
    public func notificationLedger<Ledger: Decodable>(as type: Ledger.Type) throws(StoreError) -> Ledger? {
        let saved = try read("read the notification ledger") { db in try NotificationLedgerRecord.fetchOne(db) }
        return try saved.map { record throws(StoreError) in
            try StoredJSON.decode(type, from: record.ledger, in: .inbox)
        }
    }

    /// Replaces the notification ledger.
    public func saveNotificationLedger(_ ledger: Data, at date: Date) throws(StoreError) {
        try write("save the notification ledger") { db in
            try NotificationLedgerRecord(ledger: ledger, updatedAt: date).save(db)
        }
    }
}
