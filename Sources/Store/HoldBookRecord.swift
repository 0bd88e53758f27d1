import Foundation
import GRDB

/// Held time and what the user said about holding (the daemon's `HoldBook` as JSON): one row, replaced after each change.
public struct HoldBookRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    public var id: Int64 = 1
    public var savedAt: Date
    public var body: Data

    public static let databaseTableName = "holdBook"
    public static let jsonColumn = (name: "body", what: "the held time")
    public var json: Data { body }
    public var rowName: String { "id \(id)" }

    public init(savedAt: Date, body: Data) {
        self.savedAt = savedAt
        self.body = body
    }
}

extension AppDatabase {
    /// Replaces the hold book.
    public func saveHoldBook(_ record: HoldBookRecord) throws(StoreError) {
        try write("save the held time") { db in try record.save(db) }
    }

    /// The hold book, if one was saved.
    public func holdBook() throws(StoreError) -> HoldBookRecord? {
        try read("read the held time") { db in try HoldBookRecord.fetchOne(db, key: 1) }
    }
}
