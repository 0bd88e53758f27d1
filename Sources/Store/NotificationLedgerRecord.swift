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
    /// The saved notification ledger, nil before the first decision.
    public func notificationLedger() throws(StoreError) -> Data? {
        try read("read the notification ledger") { db in try NotificationLedgerRecord.fetchOne(db)?.ledger }
    }

    /// Replaces the notification ledger.
    public func saveNotificationLedger(_ ledger: Data, at date: Date) throws(StoreError) {
        try write("save the notification ledger") { db in
            try NotificationLedgerRecord(ledger: ledger, updatedAt: date).save(db)
        }
    }
}
