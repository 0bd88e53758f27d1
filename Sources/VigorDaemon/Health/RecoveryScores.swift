import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// The morning recovery scores kept in the store: each morning's score is kept (saved with the morning's decision) with its formula and
/// inputs; when the formula in force is newer than a day's stored score, that day is scored again from its
/// stored inputs and both stay (the provenance rules: a number never changes silently).
struct RecoveryScores: Sendable {
    let database: AppDatabase
    let formula: RecoveryFormula

    init(database: AppDatabase, formula: RecoveryFormula = .standard) {
        self.database = database
        self.formula = formula
    }

    /// Scores `inputs`; nil when no component can be computed (nothing to keep).
    func score(_ inputs: RecoveryInputs) -> RecoveryScore? {
        do {
            return try formula.score(inputs)
        } catch {
            return nil
        }
    }

    /// The scores, with the formula in force, of every stored day of the last `days` whose newest score came from
    /// another formula, to keep beside the earlier ones; `days` counts the days scored again.
    func backfill(endingOn today: LocalDay, days: Int = 366) throws -> (days: Int, scores: [RecoveryScore]) {
        let history = try self.history(endingOn: today, days: days)
        let stale = Set(history.scores.map(\.day)).filter { day in history.current(on: day)?.formula != formula.identity }
        let inputs = stale.sorted().compactMap { day in history.current(on: day).map { RecoveryInputs(day: day, provenanced: $0.inputs) } }
        let filled = try history.backfilled(with: formula, inputs: inputs)
        return (inputs.count, Array(filled.scores.dropFirst(history.scores.count)))
    }

    /// A stored score and when it was computed.
    struct Stored: Sendable {
        let score: RecoveryScore
        let computedAt: Date
    }

    /// The stored scores of the `days` mornings ending `today`, in the order computed.
    func stored(endingOn today: LocalDay, days: Int) throws -> [Stored] {
        try database.recoveryScores(from: today.adding(days: -(days - 1)), through: today).map { record throws(StoreError) in
            Stored(score: try record.value(as: RecoveryScore.self), computedAt: record.computedAt)
        }
    }

    /// The stored scores of the `days` mornings ending `today`, as the engine's history.
    func history(endingOn today: LocalDay, days: Int) throws -> RecoveryHistory {
        var history = RecoveryHistory()
        for entry in try stored(endingOn: today, days: days) { history.record(entry.score) }
        return history
    }

    static func record(_ score: RecoveryScore, at now: Date) throws -> RecoveryRecord {
        RecoveryRecord(
            localDate: score.day, formulaName: score.formula.name, formulaVersion: score.formula.version,
            inputHash: score.inputHash, value: score.value, body: try StoredJSON.encode(score), computedAt: now)
    }
}
