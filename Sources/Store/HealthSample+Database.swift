import CivilCalendar
import Foundation
import GRDB

// A health sample (CivilCalendar's `HealthSample`) is a row of `healthSample` as it is: its properties are the columns.
// The row's `id` is the store's own; only a new workout's is handed out (`HealthInsertResult.Workout`), as the engine's
// workout id.
extension HealthSample: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "healthSample"
}

/// What one batch insert did.
public struct HealthInsertResult: Sendable, Equatable {
    /// Samples that were new.
    public var added = 0
    /// Samples already stored (same kind, source, start, end and value).
    public var duplicates = 0
    /// The new workouts among them, with their row ids, for workout detection.
    public var addedWorkouts: [Workout] = []
    /// The new samples the caller asked to see (`keepingAdded`), in the order given.
    public var addedKept: [HealthSample] = []

    public init() {}

    /// A workout the insert added, and its row.
    public struct Workout: Sendable, Equatable {
        /// The row's id: the engine knows the workout as `sample:<rowID>`.
        public var rowID: Int64
        public var sample: HealthSample
    }
}

extension AppDatabase {
    /// Inserts `samples` in one transaction, skipping those already stored; the new ones `keep` accepts are handed back.
    public func insertHealthSamples(
        _ samples: [HealthSample], keepingAdded keep: @Sendable (HealthSample) -> Bool = { _ in false }
    ) throws(StoreError) -> HealthInsertResult {
        try write("store the health samples") { db in
            var result = HealthInsertResult()
            let statement = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO healthSample (kind, source, start, "end", value, detail, energyKilocalories)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for sample in samples {
                try statement.execute(arguments: [
                    sample.kind, sample.source, sample.start, sample.end, sample.value, sample.detail, sample.energyKilocalories,
                ])
                guard db.changesCount > 0 else {
                    result.duplicates += 1
                    continue
                }
                result.added += 1
                if keep(sample) { result.addedKept.append(sample) }
                if sample.kind == .workout {
                    result.addedWorkouts.append(.init(rowID: db.lastInsertedRowID, sample: sample))
                }
            }
            return result
        }
    }

    /// Samples of `kind` that end in [from, to), oldest first.
    public func healthSamples(kind: HealthKind, endingFrom from: Date, to: Date) throws(StoreError) -> [HealthSample] {
        try read("read the health samples") { db in
            try HealthSample
                .filter(Column("kind") == kind && Column("end") >= from && Column("end") < to)
                .order(Column("end"), Column("start"))
                .fetchAll(db)
        }
    }

    /// The stored sample of one of `kinds` that ended last, at or before `date` (one indexed lookup per kind).
    public func newestHealthSample(kinds: [HealthKind], endingBy date: Date) throws(StoreError) -> (kind: HealthKind, end: Date)? {
        try read("find the newest health sample") { db in
            var newest: (kind: HealthKind, end: Date)?
            for kind in kinds {
                let end = try Date.fetchOne(
                    db, sql: #"SELECT MAX("end") FROM healthSample WHERE kind = ? AND "end" <= ?"#, arguments: [kind, date])
                if let end, newest.map({ end > $0.end }) ?? true { newest = (kind, end) }
            }
            return newest
        }
    }

    /// How many samples of each kind are stored.
    public func healthSampleCounts() throws(StoreError) -> [String: Int] {
        try read("count the health samples") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT kind, COUNT(*) AS count FROM healthSample GROUP BY kind")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["kind"] as String, $0["count"] as Int) })
        }
    }
}
