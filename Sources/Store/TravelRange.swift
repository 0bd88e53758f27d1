import CivilCalendar
import Foundation
import GRDB

/// Days the user is travelling, set by hand (`vigorctl travel`): inclusive local days (columns `YYYY-MM-DD`).
public struct TravelRange: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var id: Int64?
    public var firstDay: LocalDay
    public var lastDay: LocalDay
    public var setAt: Date

    public static let databaseTableName = "travelRange"

    public init(id: Int64? = nil, firstDay: LocalDay, lastDay: LocalDay, setAt: Date) {
        self.id = id
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.setAt = setAt
    }
}

extension AppDatabase {
    /// Records a travel range.
    public func recordTravel(firstDay: LocalDay, lastDay: LocalDay, at date: Date) throws(StoreError) -> TravelRange {
        try write("record the travel days") { db in
            try TravelRange(firstDay: firstDay, lastDay: lastDay, setAt: date).inserted(db)
        }
    }

    /// Travel ranges that end on or after `localDate`, by first day.
    public func travel(endingOnOrAfter localDate: LocalDay) throws(StoreError) -> [TravelRange] {
        try read("read the travel days") { db in
            try TravelRange.filter(Column("lastDay") >= localDate).order(Column("firstDay")).fetchAll(db)
        }
    }

    /// Deletes every travel range that has not ended before `localDate` (the user is back).
    public func clearTravel(endingOnOrAfter localDate: LocalDay) throws(StoreError) {
        try write("clear the travel days") { db in
            _ = try TravelRange.filter(Column("lastDay") >= localDate).deleteAll(db)
        }
    }
}
