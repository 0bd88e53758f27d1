import CivilCalendar
import Foundation
import GRDB

/// One recovery score as the morning cycle computed it: the day, the formula's name and version, the score and
/// the whole score with its inputs and their provenance (JSON). A day keeps every formula version's score.
public struct RecoveryRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    /// The scored morning's local date, `YYYY-MM-DD`.
    public var localDate: LocalDay
    public var formulaName: String
    public var formulaVersion: Int
    /// Hash of the inputs (FNV-1a 64): the same day, formula and inputs are stored once.
    public var inputHash: String
    /// Score, 0…100.
    public var value: Double
    /// The engine's `RecoveryScore` (inputs with source and time, components) as JSON.
    public var body: Data
    public var computedAt: Date

    public static let databaseTableName = "recoveryScore"
    public static let jsonColumn = (name: "body", what: "a recovery score")
    public var json: Data { body }
    public var rowName: String { "localDate \(localDate), \(formulaName) version \(formulaVersion)" }

    public init(
        localDate: LocalDay, formulaName: String, formulaVersion: Int, inputHash: String, value: Double, body: Data,
        computedAt: Date
    ) {
        self.localDate = localDate
        self.formulaName = formulaName
        self.formulaVersion = formulaVersion
        self.inputHash = inputHash
        self.value = value
        self.body = body
        self.computedAt = computedAt
    }
}

extension AppDatabase {
    /// Stores a score unless the same day, formula and inputs are stored already; true when it was new.
    public func recordRecovery(_ record: RecoveryRecord) throws(StoreError) -> Bool {
        try write("record the recovery score") { db in try Self.insertRecovery(record, db) }
    }

    /// Inserts `record` unless a score of its day, formula and inputs is stored; true when inserted.
    static func insertRecovery(_ record: RecoveryRecord, _ db: Database) throws -> Bool {
        let known = try RecoveryRecord.filter(
            Column("localDate") == record.localDate && Column("formulaName") == record.formulaName
                && Column("formulaVersion") == record.formulaVersion && Column("inputHash") == record.inputHash
        ).fetchCount(db)
        guard known == 0 else { return false }
        try record.insert(db)
        return true
    }

    /// Every stored score of the mornings from `first` through `last` (inclusive `YYYY-MM-DD`), in the order computed.
    public func recoveryScores(from first: LocalDay, through last: LocalDay) throws(StoreError) -> [RecoveryRecord] {
        try read("read the recovery scores") { db in
            try RecoveryRecord.filter(Column("localDate") >= first && Column("localDate") <= last)
                .order(Column("computedAt"), Column("localDate")).fetchAll(db)
        }
    }
}
