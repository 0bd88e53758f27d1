import CivilCalendar
import Foundation
import GRDB

/// A daily cycle that ran: its kind (`morning`, `evening`), the local date it ran for, and what it did.
public struct CycleRun: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var kind: CycleKind
    /// The day in the user's zone (`YYYY-MM-DD` in the column).
    public var localDate: LocalDay
    public var ranAt: Date
    public var summary: String
    /// Morning cycles: whether there was health data (a sample or a check-in) newer than the morning before.
    public var newHealthData: Bool?

    public static let databaseTableName = "cycleRun"

    public init(kind: CycleKind, localDate: LocalDay, ranAt: Date, summary: String, newHealthData: Bool? = nil) {
        self.kind = kind
        self.localDate = localDate
        self.ranAt = ranAt
        self.summary = summary
        self.newHealthData = newHealthData
    }
}
