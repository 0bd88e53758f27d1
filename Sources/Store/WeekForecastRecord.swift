import Foundation
import GRDB

/// The week ahead as the last evening cycle planned it (the daemon's forecast as JSON): one row, replaced each evening.
public struct WeekForecastRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    public var id: Int64 = 1
    public var madeAt: Date
    public var body: Data

    public static let databaseTableName = "weekForecast"
    public static let jsonColumn = (name: "body", what: "the week forecast")
    public var json: Data { body }
    public var rowName: String { "id \(id)" }

    public init(madeAt: Date, body: Data) {
        self.madeAt = madeAt
        self.body = body
    }
}

extension AppDatabase {
    /// Replaces the forecast.
    public func saveWeekForecast(_ record: WeekForecastRecord) throws(StoreError) {
        try write("save the week forecast") { db in try record.save(db) }
    }

    /// The last forecast, if any.
    public func weekForecast() throws(StoreError) -> WeekForecastRecord? {
        try read("read the week forecast") { db in try WeekForecastRecord.fetchOne(db, key: 1) }
    }
}
