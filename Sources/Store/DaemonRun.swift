import Foundation
import GRDB

/// One run of the daemon, from start to clean stop; a run without `stoppedAt` ended uncleanly.
public struct DaemonRun: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var id: Int64?
    public var startedAt: Date
    public var stoppedAt: Date?
    public var pid: Int32
    public var version: String

    public static let databaseTableName = "daemonRun"

    public init(id: Int64? = nil, startedAt: Date, stoppedAt: Date? = nil, pid: Int32, version: String) {
        self.id = id
        self.startedAt = startedAt
        self.stoppedAt = stoppedAt
        self.pid = pid
        self.version = version
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
