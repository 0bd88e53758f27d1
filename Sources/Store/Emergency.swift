import Foundation
import GRDB

/// One press of the red button: recovery time from `startedAt` to `endsAt`.
public struct Emergency: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var id: Int64?
    public var startedAt: Date
    public var endsAt: Date

    public static let databaseTableName = "emergency"

    public init(id: Int64? = nil, startedAt: Date, endsAt: Date) {
        self.id = id
        self.startedAt = startedAt
        self.endsAt = endsAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// True while the recovery time lasts.
    public func isActive(at date: Date) -> Bool {
        startedAt <= date && date < endsAt
    }
}

extension AppDatabase {
    /// Records a press of the red button, in whole seconds: the recovery block's file is named after the start
    /// second, and the stored value must name the same file after a restart as the returned one does now (the
    /// store keeps milliseconds, so 12:00:02.9996 would come back as 12:00:03).
    public func recordEmergency(startedAt: Date, endsAt: Date) throws(StoreError) -> Emergency {
        let start = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        let end = Date(timeIntervalSince1970: endsAt.timeIntervalSince1970.rounded(.down))
        return try write("record the emergency") { db in
            try Emergency(startedAt: start, endsAt: end).inserted(db)
        }
    }

    /// Emergencies that end after `date`, oldest first.
    public func emergencies(endingAfter date: Date) throws(StoreError) -> [Emergency] {
        try read("read the emergencies") { db in
            try Emergency.filter(Column("endsAt") > date).order(Column("startedAt")).fetchAll(db)
        }
    }
}
