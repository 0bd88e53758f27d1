import Foundation
import GRDB

/// Recovery Time (what the red button, `vigorctl crashing`, starts): from `startedAt` to `endsAt` the Ghost places
/// nothing and withdraws what it had placed. Not the recovery score, which rates a morning.
public struct RecoveryTime: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
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
    public func recordRecoveryTime(startedAt: Date, endsAt: Date) throws(StoreError) -> RecoveryTime {
        let start = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        let end = Date(timeIntervalSince1970: endsAt.timeIntervalSince1970.rounded(.down))
        return try write("record the recovery time") { db in
            try RecoveryTime(startedAt: start, endsAt: end).inserted(db)
        }
    }

    /// Moves the end of a recorded recovery time to `endsAt` (a second press of the red button extends the one running).
    public func extendRecoveryTime(_ time: RecoveryTime, to endsAt: Date) throws(StoreError) -> RecoveryTime {
        var extended = time
        extended.endsAt = Date(timeIntervalSince1970: endsAt.timeIntervalSince1970.rounded(.down))
        let saved = extended
        try write("extend the recovery time") { db in try saved.update(db) }
        return extended
    }

    /// Recovery times that end after `date`, oldest first.
    public func recoveryTimes(endingAfter date: Date) throws(StoreError) -> [RecoveryTime] {
        try read("read the recovery times") { db in
            try RecoveryTime.filter(Column("endsAt") > date).order(Column("startedAt")).fetchAll(db)
        }
    }
}
