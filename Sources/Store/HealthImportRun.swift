import Foundation
import GRDB

/// One import of a health file: where from, how it went, and its counts as JSON.
public struct HealthImportRun: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    public var id: Int64?
    /// The file as given (absolute path).
    public var file: String
    /// `appleHealthZip`, `appleHealthXML`, `jsonLines`, `csv`, `gadgetbridge`, `fit` or `healthAutoExport`; empty when not recognised.
    public var format: String
    public var startedAt: Date
    public var finishedAt: Date
    /// Samples that were new.
    public var added: Int
    /// Samples already stored.
    public var duplicates: Int
    /// Bad records skipped.
    public var skipped: Int
    /// Why the file stopped early, if it did (what came before it is kept).
    public var error: String?
    /// The importer's full summary, JSON.
    public var summary: Data

    public static let databaseTableName = "healthImport"
    public static let jsonColumn = (name: "summary", what: "a health import's summary")
    public var json: Data { summary }
    public var rowName: String { "id \(id.map(String.init) ?? "(not saved)")" }

    public init(
        id: Int64? = nil, file: String, format: String, startedAt: Date, finishedAt: Date, added: Int, duplicates: Int,
        skipped: Int, error: String?, summary: Data
    ) {
        self.id = id
        self.file = file
        self.format = format
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.added = added
        self.duplicates = duplicates
        self.skipped = skipped
        self.error = error
        self.summary = summary
    }
}

extension AppDatabase {
    /// Records a finished (or failed) import.
    public func recordHealthImport(_ run: HealthImportRun) throws(StoreError) -> HealthImportRun {
        try write("record the health import") { db in try run.inserted(db) }
    }

    /// When imports since `date` that added samples finished, oldest first: the user's rhythm of deliveries.
    public func healthArrivals(since date: Date) throws(StoreError) -> [Date] {
        try read("read the health deliveries") { db in
            try HealthImportRun.filter(Column("finishedAt") >= date && Column("added") > 0).order(Column("finishedAt"))
                .fetchAll(db).map(\.finishedAt)
        }
    }

    /// The latest imports, newest first.
    public func healthImports(limit: Int) throws(StoreError) -> [HealthImportRun] {
        try read("read the health imports") { db in
            try HealthImportRun.order(Column("id").desc).limit(limit).fetchAll(db)
        }
    }
}
