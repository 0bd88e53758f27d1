import Foundation
import GRDB

/// What vigord knows of the system's time zone across restarts: the zone the system normally has, and a
/// change away from it with the local day it was first seen (one row).
public struct SystemZoneRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// Always 1: there is one system.
    public var id: Int64 = 1
    /// The zone the system normally has (IANA name).
    public var settledZone: String
    /// The zone it changed to, while that lasts.
    public var changedTo: String?
    /// Local day (`YYYY-MM-DD`) the change was first seen.
    public var changedOn: String?
    public var updatedAt: Date

    public static let databaseTableName = "systemZone"

    public init(settledZone: String, changedTo: String? = nil, changedOn: String? = nil, updatedAt: Date) {
        self.settledZone = settledZone
        self.changedTo = changedTo
        self.changedOn = changedOn
        self.updatedAt = updatedAt
    }
}

extension AppDatabase {
    /// The saved system zone, nil before the first one was saved.
    public func systemZone() throws(StoreError) -> SystemZoneRecord? {
        try read("read the system time zone") { db in try SystemZoneRecord.fetchOne(db, key: 1) }
    }

    /// Saves the system zone, replacing the earlier one.
    public func saveSystemZone(_ record: SystemZoneRecord) throws(StoreError) {
        try write("save the system time zone") { db in try record.save(db) }
    }
}
