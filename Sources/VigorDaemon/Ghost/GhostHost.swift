import CivilCalendar
import Foundation
import GhostEngine
import Store

/// Why the engine state could not be loaded or saved (an unreadable one is `StoreError.unreadableValue`). Saved state
/// is never reset on error.
public enum GhostHostError: Error, Sendable, Equatable, CustomStringConvertible {
    case storage(StoreError)

    public var description: String {
        switch self {
        case .storage(let error): error.description
        }
    }
}

/// Hosts the Ghost in the daemon: every event goes through the pure engine, and the new state
/// is saved with the receipts it produced in one transaction before it takes effect in memory.
public actor GhostHost {
    private var ghost: Ghost
    private let database: AppDatabase
    /// Recovery times of the last 30 days, kept in memory so `status` reads no database.
    private var emergencies: [RecoveryTime]
    /// When the safety breaker last fired (for the apology in `status`).
    public private(set) var lastBreakerFiredAt: Date?
    /// Presses of the red button the database could not record yet, oldest first.
    private var heldPresses: [HeldPress] = []
    /// Travel ranges the user set that have not ended.
    public private(set) var travel: [TravelRange]
    /// Signalled after every change of the Ghost (what it may want to say changed).
    nonisolated public let changes = ChangeSignal()
    /// How far back recovery times are kept in memory (and shown in the calendar).
    public static let emergencyHistory: TimeInterval = 30 * 86_400

    /// Loads the saved Ghost, or creates and saves a new one starting `now` in `zone`.
    public init(database: AppDatabase, zone: TimeZone, now: Date) throws(GhostHostError) {
        self.database = database
        let saved: Ghost?
        do {
            saved = try database.ghostState(as: Ghost.self)
            emergencies = try database.recoveryTimes(endingAfter: now.addingTimeInterval(-Self.emergencyHistory))
            lastBreakerFiredAt = try database.latestReceipt(action: DecisionAction.breakerFired.rawValue)?.at
            travel = try database.travel(endingOnOrAfter: LocalCalendar(timeZone: zone).day(of: now))
        } catch {
            throw .storage(error)
        }
        if let saved {
            ghost = saved
        } else {
            let fresh = Ghost(startingAt: now, timeZone: zone)
            do {
                try database.recordDecision(state: try StoredJSON.encode(fresh), receipts: [], at: now)
            } catch {
                throw .storage(error)
            }
            ghost = fresh
        }
    }

    /// The Ghost as it stands.
    public var current: Ghost { ghost }

    /// The Ghost and what lives beside it, as one consistent value for `status`.
    public func snapshot(at now: Date) -> GhostSnapshot {
        GhostSnapshot(
            at: now, ghost: ghost, activeEmergency: emergencies.first { $0.isActive(at: now) },
            lastBreakerFiredAt: lastBreakerFiredAt, travel: travel)
    }

    /// What vigord's calendar shows of the Ghost at `now`: the calendar is written again when this changes.
    public func shownOnCalendar(at now: Date) -> ShownOnCalendar {
        ShownOnCalendar(blocks: ghost.blocks, emergencies: emergencies(endingAfter: now.addingTimeInterval(-Self.emergencyHistory)))
    }

    /// Records travel days (saved first, then remembered).
    public func recordTravel(from first: LocalDay, to last: LocalDay, at now: Date) throws(StoreError) {
        travel.append(try database.recordTravel(firstDay: first, lastDay: last, at: now))
        travel.sort { $0.firstDay < $1.firstDay }
    }

    /// Removes current and future travel (the user is back).
    public func clearTravel(today: LocalDay) throws(StoreError) {
        try database.clearTravel(endingOnOrAfter: today)
        travel.removeAll { $0.lastDay >= today }
    }

    /// The travel days among `days`.
    public func travelDays(among days: [LocalDay]) -> [LocalDay] {
        days.filter { day in travel.contains { $0.firstDay <= day && day <= $0.lastDay } }
    }

    /// Recovery times that end after `date`, oldest first.
    public func emergencies(endingAfter date: Date) -> [RecoveryTime] {
        emergencies.filter { $0.endsAt > date }
    }

    /// Presses the red button: recovery time from `startedAt` to `endsAt`, and the blocks inside it withdrawn.
    /// The press must not fail the person pressing it: when the database cannot record it (a full disk), the
    /// recovery time holds in memory all the same (the calendar shows it, the cycles place nothing) and
    /// `recordHeldPresses` saves it, and withdraws the blocks, once the disk allows.
    /// A press while recovery time runs extends that one (to the later end), so there is only ever one; when the
    /// extension cannot be saved, the press is held as a recovery time of its own, as any press is.
    public func pressRedButton(startedAt: Date, endsAt: Date, reason: String) -> RedButtonPress {
        if let running = emergencies.first(where: { $0.id != nil && $0.isActive(at: startedAt) }) {
            let until = max(running.endsAt, Self.wholeSecond(endsAt))
            do {
                let extended = try database.extendRecoveryTime(running, to: until)
                if let index = emergencies.firstIndex(of: running) { emergencies[index] = extended }
                try perform(.emergencyClear(reason: reason, until: extended.endsAt), at: startedAt)
                return RedButtonPress(emergency: extended, notRecorded: nil, extended: true)
            } catch {
                if let index = emergencies.firstIndex(where: { $0.id == running.id }) { emergencies[index] = running }
            }
        }
        var press = HeldPress(
            emergency: RecoveryTime(startedAt: Self.wholeSecond(startedAt), endsAt: Self.wholeSecond(endsAt)), reason: reason)
        emergencies.append(press.emergency)
        do {
            try settle(&press, at: startedAt)
            return RedButtonPress(emergency: press.emergency, notRecorded: nil)
        } catch {
            heldPresses.append(press)
            return RedButtonPress(emergency: press.emergency, notRecorded: "\(error)")
        }
    }

    /// Saves the presses of the red button the database could not record when they happened, and clears
    /// the blocks they asked to clear. True when one was settled (the calendar should be written again).
    public func recordHeldPresses(at now: Date) throws -> Bool {
        var settled = false
        while !heldPresses.isEmpty {
            // On a failure the press keeps the steps it got through (inout is written back on throw too).
            try settle(&heldPresses[0], at: now)
            heldPresses.removeFirst()
            settled = true
        }
        return settled
    }

    /// Whether a press of the red button waits to be recorded.
    public var holdsUnrecordedPress: Bool { !heldPresses.isEmpty }

    /// Records a held press and performs its clearing, each step once, remembering how far it got.
    private func settle(_ press: inout HeldPress, at now: Date) throws {
        if press.emergency.id == nil {
            let saved = try database.recordRecoveryTime(startedAt: press.emergency.startedAt, endsAt: press.emergency.endsAt)
            if let index = emergencies.firstIndex(of: press.emergency) { emergencies[index] = saved }
            press.emergency = saved
        }
        if !press.cleared {
            try perform(.emergencyClear(reason: press.reason, until: press.emergency.endsAt), at: now)
            press.cleared = true
        }
    }

    private static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Puts the configured rules (`[engine]`) in force: saved first, then used. Returns true when they changed.
    @discardableResult
    public func adopt(rules: EngineRules, at now: Date) throws -> Bool {
        guard ghost.rules != rules else { return false }
        var draft = ghost
        draft.rules = rules
        try database.recordDecision(state: try StoredJSON.encode(draft), receipts: [], at: now)
        ghost = draft
        return true
    }

    /// Runs one event through the engine and saves the outcome; on any error nothing changes.
    public func perform(_ event: GhostEvent, at now: Date) throws -> [GhostEffect] {
        var draft = ghost
        let effects = try draft.handle(event, now: now)
        let receipts = try Self.receipts(in: effects)
        try database.recordDecision(state: try StoredJSON.encode(draft), receipts: receipts, at: now)
        commit(draft, receipts: receipts)
        return effects
    }

    private func commit(_ draft: Ghost, receipts: [StoredReceipt]) {
        ghost = draft
        changes.changed()
        if let fired = receipts.last(where: { $0.action == DecisionAction.breakerFired.rawValue }) {
            lastBreakerFiredAt = fired.at
        }
    }

    /// Deletes all user data and starts a new Ghost at `now` (the user asked for it). The new Ghost keeps the
    /// rules in force (`[engine]` of config.toml as last adopted): the data goes, the configuration stays.
    public func purge(zone: TimeZone, now: Date) throws(StoreError) {
        let fresh = Ghost(startingAt: now, timeZone: zone, rules: ghost.rules)
        let state: Data
        do {
            state = try StoredJSON.encode(fresh)
        } catch {
            throw .failed(operation: "encode the engine state", detail: "\(error)")
        }
        try database.purgeAll(replacingStateWith: state, at: now)
        ghost = fresh
        emergencies = []
        lastBreakerFiredAt = nil
        travel = []
    }

    /// Runs several events as one decision (a cycle, a check-in): all are applied to a draft, then the state,
    /// every receipt and the cycle's mark (if any) are saved in one transaction. On any error nothing changes.
    public func perform(_ events: [GhostEvent], at now: Date, cycle: CycleRun? = nil) throws -> [GhostEffect] {
        try perform(events, at: now, cycle: cycle, verdict: { _, _ in nil }).effects
    }

    /// As `perform(_:at:cycle:)`; `verdict` says what the engine did (from the Ghost after the events and their
    /// effects), and its sentence ends the mark's summary too.
    public func perform(
        _ events: [GhostEvent], at now: Date, cycle: CycleRun?, verdict: @Sendable (Ghost, [GhostEffect]) -> String?
    ) throws -> (effects: [GhostEffect], said: String?) {
        var beside = DecisionRecords(state: Data())
        beside.cycle = cycle
        let done = try perform(events, at: now, beside: beside, pruning: [], verdict: verdict)
        return (done.effects, done.said)
    }

    /// Runs `events` through the engine and saves the new state with its receipts and the records `beside` it (the
    /// backend's `Decision`), in one transaction; `pruning` are old receipts, of which the Ghost after the events says
    /// which are deleted with it. On any error nothing changes.
    func perform(
        _ events: [GhostEvent], at now: Date, beside: DecisionRecords, pruning: [DecisionReceipt],
        verdict: @Sendable (Ghost, [GhostEffect]) -> String?
    ) throws -> (effects: [GhostEffect], said: String?, saved: DecisionSaved, pruned: Int) {
        var draft = ghost
        var effects: [GhostEffect] = []
        for event in events {
            effects += try draft.handle(event, now: now)
        }
        let said = verdict(draft, effects)
        var records = beside
        if let said, let summary = records.cycle?.summary {
            records.cycle?.summary = summary.isEmpty ? said : summary + "; " + said
        }
        let receipts = try Self.receipts(in: effects)
        records.state = try StoredJSON.encode(draft)
        records.receipts = receipts
        records.deletedReceipts = pruning.isEmpty ? [] : draft.prunableReceipts(pruning, at: now)
        let saved = try database.recordDecision(records, at: now)
        commit(draft, receipts: receipts)
        return (effects, said, saved, records.deletedReceipts.count)
    }

    private static func receipts(in effects: [GhostEffect]) throws -> [StoredReceipt] {
        try effects.compactMap { effect -> StoredReceipt? in
            guard case .recordReceipt(let receipt) = effect else { return nil }
            return StoredReceipt(id: receipt.id, at: receipt.at, action: receipt.action.rawValue, body: try StoredJSON.encode(receipt))
        }
    }
}

/// A press of the red button as the database has it so far.
struct HeldPress: Sendable {
    var emergency: RecoveryTime
    var reason: String
    var cleared = false
}

/// What pressing the red button did: the recovery time, and why it is not recorded yet, if it is not.
public struct RedButtonPress: Sendable {
    public var emergency: RecoveryTime
    public var notRecorded: String?
    /// True when the press extended the recovery time already running.
    public var extended = false
}

/// The Ghost and what lives beside it, as one value for `status`.
public struct GhostSnapshot: Sendable {
    public var at: Date
    public var ghost: Ghost
    public var activeEmergency: RecoveryTime?
    public var lastBreakerFiredAt: Date?
    public var travel: [TravelRange]
}

/// What vigord's calendar shows of the Ghost: its blocks and the recovery times.
public struct ShownOnCalendar: Sendable, Equatable {
    public var blocks: [ScheduledBlock]
    public var emergencies: [RecoveryTime]
}
