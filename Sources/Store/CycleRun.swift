import Foundation
import GRDB

/// A daily cycle that ran: its kind (`morning`, `evening`), the local date it ran for, and what it did.
public struct CycleRun: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var kind: String
    /// `YYYY-MM-DD` in the user's zone.
    public var localDate: String
    public var ranAt: Date
    public var summary: String

    public static let databaseTableName = "cycleRun"

    public init(kind: String, localDate: String, ranAt: Date, summary: String) {
        self.kind = kind
        self.localDate = localDate
        self.ranAt = ranAt
        self.summary = summary
    }
}
