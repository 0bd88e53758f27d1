import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// One change of the daemon's state, as a value: the engine's events and every record a cycle or request keeps beside
/// them. The readers and planners (`CycleRunner`, `WeekPictureReader`, `HoldDesk`, `Replanner`) return one and write
/// nothing; `GhostBackend.decide` saves it in one transaction, then the calendar and the notifications follow.
struct Decision: Sendable {
    var events: [GhostEvent] = []
    /// The mark that a cycle ran for its day.
    var cycle: CycleRun?
    /// The week forecast and when it was made.
    var forecast: (value: WeekForecast, madeAt: Date)?
    /// Morning recovery scores, in the order computed.
    var recoveryScores: [RecoveryScore] = []
    /// The value receipt of the Monday–Sunday week starting `week`.
    var weeklyReceipt: (week: LocalDay, receipt: WeeklyValueReceipt)?
    /// Receipts old enough to prune: the engine says which go, after the events.
    var pruning: [DecisionReceipt] = []
    /// The holds after this decision, and the notes of what changed in them.
    var holdBook: HoldBook?
    var holdNotes: [String] = []
    var checkIn: CheckIn?
    /// The system zone as the evening observed it.
    var systemZone: SystemZoneRecord?
    /// Says what the engine did with the events, from the Ghost after them and their effects; the sentence ends the
    /// cycle's summary too.
    var verdict: (@Sendable (Ghost, [GhostEffect]) -> String?)?

    init(_ events: [GhostEvent] = []) {
        self.events = events
    }

    /// True when there is nothing to save: no event and no record.
    var holdsNothing: Bool {
        events.isEmpty && cycle == nil && forecast == nil && recoveryScores.isEmpty && weeklyReceipt == nil && pruning.isEmpty
            && holdBook == nil && checkIn == nil && systemZone == nil
    }

    /// The records beside the engine's state, encoded for the store.
    func records(at now: Date) throws -> DecisionRecords {
        var records = DecisionRecords(state: Data())
        records.cycle = cycle
        if let forecast { records.forecast = WeekForecastRecord(madeAt: forecast.madeAt, body: try StoredJSON.encode(forecast.value)) }
        records.recoveryScores = try recoveryScores.map { try RecoveryScores.record($0, at: now) }
        if let weeklyReceipt {
            records.weeklyReceipt = WeeklyReceiptRecord(
                weekStart: weeklyReceipt.week, builtAt: now, body: try StoredJSON.encode(weeklyReceipt.receipt))
        }
        if let holdBook { records.holdBook = HoldBookRecord(savedAt: now, body: try StoredJSON.encode(holdBook)) }
        records.checkIn = checkIn
        records.systemZone = systemZone
        return records
    }
}

/// What a saved decision did.
struct DecisionOutcome: Sendable {
    var effects: [GhostEffect]
    /// The verdict's sentence, if the decision had one.
    var said: String?
    var saved: DecisionSaved
}
