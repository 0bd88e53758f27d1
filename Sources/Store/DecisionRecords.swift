import Foundation
import GRDB

/// Everything one decision of the daemon keeps, saved in one transaction (`AppDatabase.recordDecision`): the engine's
/// new state and its receipts, the cycle's mark, and the records the cycle or request made beside them. A decision is
/// saved whole or not at all, so no record runs ahead of the state it explains (or the other way round).
public struct DecisionRecords: Sendable {
    /// The engine state after the decision (JSON).
    public var state: Data
    public var receipts: [StoredReceipt] = []
    /// The mark that a cycle ran, if the decision is a cycle's.
    public var cycle: CycleRun?
    public var forecast: WeekForecastRecord?
    /// Recovery scores, in the order computed; one already stored (same day, formula and inputs) is skipped.
    public var recoveryScores: [RecoveryRecord] = []
    public var weeklyReceipt: WeeklyReceiptRecord?
    /// Receipts past the engine's retention, deleted.
    public var deletedReceipts: [String] = []
    public var holdBook: HoldBookRecord?
    /// A morning's check-in, replacing an earlier one of the same morning.
    public var checkIn: CheckIn?
    public var systemZone: SystemZoneRecord?

    public init(state: Data) {
        self.state = state
    }
}

/// What saving a decision found on the way.
public struct DecisionSaved: Sendable, Equatable {
    /// The check-in replaced an earlier one of the same morning.
    public var replacedCheckIn = false

    public init(replacedCheckIn: Bool = false) {
        self.replacedCheckIn = replacedCheckIn
    }
}

extension AppDatabase {
    /// Saves a decision's records in one transaction.
    @discardableResult
    public func recordDecision(_ records: DecisionRecords, at date: Date) throws(StoreError) -> DecisionSaved {
        try write("save the engine state") { db in
            var saved = DecisionSaved()
            if let cycle = records.cycle { try cycle.insert(db) }
            try db.execute(
                sql: "INSERT INTO ghostState (id, state, updatedAt) VALUES (1, ?, ?) "
                    + "ON CONFLICT(id) DO UPDATE SET state = excluded.state, updatedAt = excluded.updatedAt",
                arguments: [records.state, date])
            for receipt in records.receipts { try receipt.insert(db) }
            if !records.deletedReceipts.isEmpty { _ = try StoredReceipt.deleteAll(db, keys: records.deletedReceipts) }
            try records.forecast?.save(db)
            for score in records.recoveryScores { _ = try Self.insertRecovery(score, db) }
            try records.weeklyReceipt?.save(db)
            try records.holdBook?.save(db)
            try records.systemZone?.save(db)
            if let checkIn = records.checkIn {
                saved.replacedCheckIn = try CheckIn.exists(db, key: checkIn.localDate)
                try checkIn.save(db)
            }
            return saved
        }
    }
}
