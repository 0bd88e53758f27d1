import CivilCalendar
import Foundation
import GRDB

extension AppDatabase {
    /// The engine state saved last as a `State`, or nil for a new user.
    /// - Throws: `StoreError.unreadableValue` when the saved state is not a `State` (it is kept as it is).
    public func ghostState<State: Decodable>(as type: State.Type) throws(StoreError) -> State? {
        return try savedGhostState().map { data throws(StoreError) in
            try StoredJSON.decode(type, from: data, in: .ghostState)
        }
    }

    /// The engine state's bytes as saved.
    func savedGhostState() throws(StoreError) -> Data? {
        try read("read the engine state") { db in
            try Data.fetchOne(db, sql: "SELECT state FROM ghostState WHERE id = 1")
        }
    }

    /// Saves a decision: the new engine state and the receipts it produced, in one transaction,
    /// so the state never runs ahead of its explanations (or the other way round).
    /// With `cycle`, the cycle's run is recorded in the same transaction, so a cycle either ran
    /// completely (state, receipts and its mark) or not at all.
    public func recordDecision(state: Data, receipts: [StoredReceipt], at date: Date, cycle: CycleRun? = nil) throws(StoreError) {
        var records = DecisionRecords(state: state)
        records.receipts = receipts
        records.cycle = cycle
        try recordDecision(records, at: date)
    }

    /// The newest receipts first, at most `limit`.
    public func recentReceipts(limit: Int) throws(StoreError) -> [StoredReceipt] {
        try read("read the decision receipts") { db in
            try StoredReceipt.order(Column("at").desc, Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    /// Deletes the receipts with these ids (the engine says which are past retention).
    public func deleteReceipts(ids: [String]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write("prune decision receipts") { db in
            _ = try StoredReceipt.deleteAll(db, keys: ids)
        }
    }

    /// The cycles recorded for these local dates (`YYYY-MM-DD`).
    public func cycleRuns(onOrAfter localDate: LocalDay) throws(StoreError) -> [CycleRun] {
        try read("read the cycle runs") { db in
            try CycleRun.filter(Column("localDate") >= localDate).order(Column("localDate"), Column("kind")).fetchAll(db)
        }
    }

    /// True when a cycle of any kind ran for a day before `localDate`.
    public func hasCycleRun(before localDate: LocalDay) throws(StoreError) -> Bool {
        try read("read the cycle runs") { db in
            try CycleRun.filter(Column("localDate") < localDate).fetchCount(db) > 0
        }
    }

    /// The newest run of a kind, if any.
    public func lastCycleRun(kind: CycleKind) throws(StoreError) -> CycleRun? {
        try read("read the cycle runs") { db in
            try CycleRun.filter(Column("kind") == kind).order(Column("localDate").desc).fetchOne(db)
        }
    }
}

extension AppDatabase {
    /// The receipts of these actions made at or after `date`, oldest first (what the calendar explains a block with).
    public func receipts(since date: Date, actions: [String]) throws(StoreError) -> [StoredReceipt] {
        try read("read the decision receipts") { db in
            try StoredReceipt.filter(Column("at") >= date && actions.contains(Column("action"))).order(Column("at"), Column.rowID).fetchAll(db)
        }
    }

    /// Receipts older than `date`, oldest first: the candidates for pruning.
    public func receipts(before date: Date, limit: Int = 500) throws(StoreError) -> [StoredReceipt] {
        try read("read old decision receipts") { db in
            try StoredReceipt.filter(Column("at") < date).order(Column("at")).limit(limit).fetchAll(db)
        }
    }
}

extension AppDatabase {
    /// Every row of user data, table by table, as JSON-ready values (for `vigorctl export`).
    public func exportAll() throws(StoreError) -> ExportedData {
        try read("export the user data") { db in
            ExportedData(
                daemonRuns: try DaemonRun.order(Column("id")).fetchAll(db),
                ghostState: try Data.fetchOne(db, sql: "SELECT state FROM ghostState WHERE id = 1"),
                receipts: try StoredReceipt.order(Column("at"), Column("id")).fetchAll(db),
                cycleRuns: try CycleRun.order(Column("localDate"), Column("kind")).fetchAll(db),
                emergencies: try RecoveryTime.order(Column("startedAt")).fetchAll(db),
                travel: try TravelRange.order(Column("firstDay")).fetchAll(db),
                healthSamples: try HealthSample.order(Column("start"), Column("id")).fetchAll(db),
                healthImports: try HealthImportRun.order(Column("id")).fetchAll(db),
                weeklyReceipts: try WeeklyReceiptRecord.order(Column("weekStart")).fetchAll(db),
                systemZone: try SystemZoneRecord.fetchOne(db, key: 1),
                checkIns: try CheckIn.order(Column("localDate")).fetchAll(db),
                recoveryScores: try RecoveryRecord.order(Column("localDate"), Column("computedAt")).fetchAll(db),
                calendarItems: try CalendarItem.order(Column("createdAt"), Column("itemID")).fetchAll(db),
                inbox: try NotificationLedgerRecord.fetchOne(db).map { (ledger: $0.ledger, updatedAt: $0.updatedAt) },
                weekForecast: try WeekForecastRecord.fetchOne(db, key: 1),
                holdBook: try HoldBookRecord.fetchOne(db, key: 1))
        }
    }

    /// Deletes all user data (engine state, receipts, cycle runs, run history, calendar items) and saves `state`,
    /// a new user's engine state, in the same transaction. The schema stays; items written later get new UIDs.
    public func purgeAll(replacingStateWith state: Data, at date: Date) throws(StoreError) {
        try write("purge the user data") { db in
            for table in Self.purgedTables {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try db.execute(sql: "INSERT INTO ghostState (id, state, updatedAt) VALUES (1, ?, ?)", arguments: [state, date])
        }
    }
}

extension AppDatabase {
    /// Every table a purge empties: all of the schema but `keptByPurge` and the migrations' own.
    static let purgedTables = [
        "ghostState", "decisionReceipt", "cycleRun", "daemonRun", "emergency", "travelRange", "healthSample", "healthImport",
        "weeklyReceipt", "systemZone", "notificationLedger", "checkIn", "recoveryScore", "weekForecast", "calendarItem",
        "holdBook", "healthSourceFile",
    ]
    /// Tables a purge keeps, and why: they hold no user data.
    static let keptByPurge = [
        "calendarAdoption": "the mark that the UIDs shown before the calendar ledger existed were adopted; kept, so an old UID is never adopted again"
    ]
}

/// All user data the store holds, as exported.
public struct ExportedData: Sendable {
    public var daemonRuns: [DaemonRun]
    /// The engine state as the daemon saved it (JSON), if any.
    public var ghostState: Data?
    public var receipts: [StoredReceipt]
    public var cycleRuns: [CycleRun]
    public var emergencies: [RecoveryTime]
    public var travel: [TravelRange]
    public var healthSamples: [HealthSample]
    public var healthImports: [HealthImportRun]
    public var weeklyReceipts: [WeeklyReceiptRecord]
    /// The system zone vigord knows as normal, and a change away from it.
    public var systemZone: SystemZoneRecord?
    /// Morning check-ins.
    public var checkIns: [CheckIn]
    /// Recovery scores, every formula version.
    public var recoveryScores: [RecoveryRecord]
    /// The UIDs and revisions of the items in vigord's calendar.
    public var calendarItems: [CalendarItem]
    /// The notification ledger (the inbox) as stored JSON, and when it was saved.
    public var inbox: (ledger: Data, updatedAt: Date)?
    /// The week ahead as the last evening planned it.
    public var weekForecast: WeekForecastRecord?
    /// Held time and what the user said about holding.
    public var holdBook: HoldBookRecord?
}

extension AppDatabase {
    /// The newest receipt of an action (e.g. `breakerFired`), if any.
    public func latestReceipt(action: String) throws(StoreError) -> StoredReceipt? {
        try read("read the decision receipts") { db in
            try StoredReceipt.filter(Column("action") == action).order(Column("at").desc).fetchOne(db)
        }
    }
}
