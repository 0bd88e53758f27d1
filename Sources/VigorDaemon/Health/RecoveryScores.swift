import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// The morning recovery scores kept in the store: each morning's score is recorded with its formula and
/// inputs; when the formula in force is newer than a day's stored score, that day is scored again from its
/// stored inputs and both stay (the provenance rules: a number never changes silently).
struct RecoveryScores: Sendable {
    let database: AppDatabase
    let formula: RecoveryFormula

    init(database: AppDatabase, formula: RecoveryFormula = .standard) {
        self.database = database
        self.formula = formula
    }

    /// Scores `inputs` and stores the score; nil (and nothing stored) when no component can be computed.
    func record(_ inputs: RecoveryInputs, at now: Date) throws -> RecoveryScore? {
        let score: RecoveryScore
        do {
            score = try formula.score(inputs)
        } catch {
            return nil
        }
        _ = try database.recordRecovery(try Self.record(score, at: now))
        return score
    }

    /// Scores again, with the formula in force, every stored day of the last `days` whose newest score came from
    /// another formula; returns how many days were backfilled.
    func backfill(endingOn today: LocalDay, days: Int = 366, at now: Date) throws -> Int {
        let history = try self.history(endingOn: today, days: days)
        let stale = Set(history.scores.map(\.day)).filter { day in history.current(on: day)?.formula != formula.identity }
        let inputs = stale.sorted().compactMap { day in history.current(on: day).map { RecoveryInputs(day: day, provenanced: $0.inputs) } }
        let filled = try history.backfilled(with: formula, inputs: inputs)
        for score in filled.scores.dropFirst(history.scores.count) {
            _ = try database.recordRecovery(try Self.record(score, at: now))
        }
        return inputs.count
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

    private static func record(_ score: RecoveryScore, at now: Date) throws -> RecoveryRecord {
        RecoveryRecord(
            localDate: score.day, formulaName: score.formula.name, formulaVersion: score.formula.version,
            inputHash: score.inputHash, value: score.value, body: try StoredJSON.encode(score), computedAt: now)
    }
}
