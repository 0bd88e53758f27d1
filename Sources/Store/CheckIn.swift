import Foundation
import GRDB

/// A morning self-report (`vigorctl checkin`): how long the user slept last night and how they feel, for the local
/// date of the morning. A second check-in the same morning replaces the first.
public struct CheckIn: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The morning's local date, `YYYY-MM-DD`.
    public var localDate: String
    /// Reported sleep of the night before, minutes.
    public var sleptMinutes: Int?
    /// `tired`, `ok` or `good`.
    public var felt: String?
    public var recordedAt: Date

    public static let databaseTableName = "checkIn"

    public init(localDate: String, sleptMinutes: Int?, felt: String?, recordedAt: Date) {
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

    /// Check-ins of the mornings from `first` to `last` (inclusive `YYYY-MM-DD`), oldest first.
    public func checkIns(from first: String, through last: String) throws(StoreError) -> [CheckIn] {
        try read("read the check-ins") { db in
            try CheckIn.filter(Column("localDate") >= first && Column("localDate") <= last).order(Column("localDate")).fetchAll(db)
        }
    }
}
