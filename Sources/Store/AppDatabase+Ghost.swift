import Foundation
import GRDB

extension AppDatabase {
    /// The engine state saved last, or nil for a new user.
    public func ghostState() throws(StoreError) -> Data? {
        try read("read the engine state") { db in
            try Data.fetchOne(db, sql: "SELECT state FROM ghostState WHERE id = 1")
        }
    }

    /// Saves a decision: the new engine state and the receipts it produced, in one transaction,
    /// so the state never runs ahead of its explanations (or the other way round).
    public func recordDecision(state: Data, receipts: [StoredReceipt], at date: Date) throws(StoreError) {
        try write("save the engine state") { db in
            try db.execute(
                sql: "INSERT INTO ghostState (id, state, updatedAt) VALUES (1, ?, ?) "
                    + "ON CONFLICT(id) DO UPDATE SET state = excluded.state, updatedAt = excluded.updatedAt",
                arguments: [state, date])
            for receipt in receipts { try receipt.insert(db) }
        }
    }

    /// The newest receipts first, at most `limit`.
    public func recentReceipts(limit: Int) throws(StoreError) -> [StoredReceipt] {
        try read("read the decision receipts") { db in
            try StoredReceipt.order(Column("at").desc, Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    /// Deletes the receipts with these ids (the engine says which are past retention).
    public func deleteReceipts(ids: [String]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write("prune decision receipts") { db in
            _ = try StoredReceipt.deleteAll(db, keys: ids)
        }
    }
}
