import CivilCalendar
import Foundation
import GRDB

/// The weekly value receipt of one local week, as the engine built it (JSON), keyed by its Monday.
public struct WeeklyReceiptRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    /// Monday of the week (column `YYYY-MM-DD`).
    public var weekStart: LocalDay
    public var builtAt: Date
    public var body: Data

    public static let databaseTableName = "weeklyReceipt"
    public static let jsonColumn = (name: "body", what: "the weekly receipt")
    public var json: Data { body }
    public var rowName: String { "weekStart \(weekStart)" }

    public init(weekStart: LocalDay, builtAt: Date, body: Data) {
        self.weekStart = weekStart
        self.builtAt = builtAt
        self.body = body
    }
}

extension AppDatabase {
    /// Saves the week's receipt, replacing an earlier one of the same week (a cycle run again later that week).
    public func saveWeeklyReceipt(_ record: WeeklyReceiptRecord) throws(StoreError) {
        try write("save the weekly receipt") { db in try record.save(db) }
    }

    /// The newest weekly receipt starting on or before `weekStart` (default: the newest of all).
    public func weeklyReceipt(onOrBefore weekStart: LocalDay? = nil) throws(StoreError) -> WeeklyReceiptRecord? {
        try read("read the weekly receipt") { db in
            var request = WeeklyReceiptRecord.order(Column("weekStart").desc)
            if let weekStart { request = request.filter(Column("weekStart") <= weekStart) }
            return try request.fetchOne(db)
        }
    }

    /// Decision receipts in [from, to), oldest first.
    public func receipts(from: Date, to: Date) throws(StoreError) -> [StoredReceipt] {
        try read("read the decision receipts") { db in
            try StoredReceipt.filter(Column("at") >= from && Column("at") < to).order(Column("at")).fetchAll(db)
        }
    }
}
