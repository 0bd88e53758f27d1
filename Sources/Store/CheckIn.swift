import CivilCalendar
import Foundation
import GRDB

/// A morning self-report (`vigorctl checkin`): how long the user slept last night and how they feel, for the local
/// date of the morning. A second check-in the same morning replaces the first.
public struct CheckIn: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The morning's local date (`YYYY-MM-DD` in the column).
    public var localDate: LocalDay
    /// Reported sleep of the night before, minutes.
    public var sleptMinutes: Int?
    /// How the user said they feel.
    public var felt: Feeling?
    public var recordedAt: Date

    public static let databaseTableName = "checkIn"

    public init(localDate: LocalDay, sleptMinutes: Int?, felt: Feeling?, recordedAt: Date) {
        self.localDate = localDate
        self.sleptMinutes = sleptMinutes
        self.felt = felt
        self.recordedAt = recordedAt
    }
}

extension AppDatabase {
    /// Saves a check-in; true when it replaced one of the same morning.
    public func saveCheckIn(_ checkIn: CheckIn) throws(StoreError) -> Bool {
        try write("save the check-in") { db in
            let existed = try CheckIn.exists(db, key: checkIn.localDate)
            try checkIn.save(db)
            return existed
        }
    }

    /// Check-ins of the mornings from `first` to `last` (inclusive), oldest first.
    public func checkIns(from first: LocalDay, through last: LocalDay) throws(StoreError) -> [CheckIn] {
        try read("read the check-ins") { db in
            try CheckIn.filter(Column("localDate") >= first && Column("localDate") <= last).order(Column("localDate")).fetchAll(db)
        }
    }
}
