import Foundation
import GRDB

/// Days the user is travelling, set by hand (`vigorctl travel`): inclusive local dates `YYYY-MM-DD`.
public struct TravelRange: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var id: Int64?
    public var firstDay: String
    public var lastDay: String
    public var setAt: Date

    public static let databaseTableName = "travelRange"

    public init(id: Int64? = nil, firstDay: String, lastDay: String, setAt: Date) {
        self.id = id
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.setAt = setAt
    }
}

extension AppDatabase {
    /// Records a travel range.
    public func recordTravel(firstDay: String, lastDay: String, at date: Date) throws(StoreError) -> TravelRange {
        try write("record the travel days") { db in
            try TravelRange(firstDay: firstDay, lastDay: lastDay, setAt: date).inserted(db)
        }
    }

    /// Travel ranges that end on or after `localDate`, by first day.
    public func travel(endingOnOrAfter localDate: String) throws(StoreError) -> [TravelRange] {
        try read("read the travel days") { db in
            try TravelRange.filter(Column("lastDay") >= localDate).order(Column("firstDay")).fetchAll(db)
        }
    }

    /// Deletes every travel range that has not ended before `localDate` (the user is back).
    public func clearTravel(endingOnOrAfter localDate: String) throws(StoreError) {
        try write("clear the travel days") { db in
            _ = try TravelRange.filter(Column("lastDay") >= localDate).deleteAll(db)
        }
    }
}
