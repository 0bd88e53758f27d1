import Foundation
import GhostEngine
import Store

/// Why the engine state could not be loaded or saved. Saved state is never reset on error.
public enum GhostHostError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableState(path: String, detail: String)
    case storage(StoreError)

    public var description: String {
        switch self {
        case .unreadableState(let path, let detail):
            "the engine state in \(path) cannot be read by this vigord (\(detail)). vigord has not changed it; "
                + "install the vigord that wrote it, or move the database aside to start fresh."
        case .storage(let error): error.description
        }
    }
}

/// Hosts the Ghost in the daemon: every event goes through the pure engine, and the new state
/// is saved with the receipts it produced in one transaction before it takes effect in memory.
public actor GhostHost {
    private var ghost: Ghost
    private let database: AppDatabase

    /// Loads the saved Ghost, or creates and saves a new one starting `now` in `zone`.
    public init(database: AppDatabase, zone: TimeZone, now: Date) throws(GhostHostError) {
        self.database = database
        let saved: Data?
        do {
            saved = try database.ghostState()
        } catch {
            throw .storage(error)
        }
        if let saved {
            do {
                ghost = try JSONDecoder().decode(Ghost.self, from: saved)
            } catch {
                throw .unreadableState(path: database.path, detail: "\(error)")
            }
        } else {
            let fresh = Ghost(startingAt: now, timeZone: zone)
            do {
                try database.recordDecision(state: try Self.encode(fresh), receipts: [], at: now)
            } catch let error as StoreError {
                throw .storage(error)
            } catch {
                throw .storage(.failed(operation: "encode the engine state", detail: "\(error)"))
            }
            ghost = fresh
        }
    }

    /// The Ghost as it stands.
    public var current: Ghost { ghost }

    /// Runs one event through the engine and saves the outcome; on any error nothing changes.
    public func perform(_ event: GhostEvent, at now: Date) throws -> [GhostEffect] {
        var draft = ghost
        let effects = try draft.handle(event, now: now)
        try database.recordDecision(state: try Self.encode(draft), receipts: try Self.receipts(in: effects), at: now)
        ghost = draft
        return effects
    }

    /// Deletes all user data and starts a new Ghost at `now` (the user asked for it).
    public func purge(zone: TimeZone, now: Date) throws(StoreError) {
        let fresh = Ghost(startingAt: now, timeZone: zone)
        let state: Data
        do {
            state = try Self.encode(fresh)
        } catch {
            throw .failed(operation: "encode the engine state", detail: "\(error)")
        }
        try database.purgeAll(replacingStateWith: state, at: now)
        ghost = fresh
    }

    /// Runs several events as one decision (a cycle): all are applied to a draft, then the state,
    /// every receipt and the cycle's mark are saved in one transaction. On any error nothing changes.
    public func perform(_ events: [GhostEvent], at now: Date, cycle: CycleRun) throws -> [GhostEffect] {
        var draft = ghost
        var effects: [GhostEffect] = []
        for event in events {
            effects += try draft.handle(event, now: now)
        }
        try database.recordDecision(
            state: try Self.encode(draft), receipts: try Self.receipts(in: effects), at: now, cycle: cycle)
        ghost = draft
        return effects
    }

    private static func receipts(in effects: [GhostEffect]) throws -> [StoredReceipt] {
        try effects.compactMap { effect -> StoredReceipt? in
            guard case .recordReceipt(let receipt) = effect else { return nil }
            return StoredReceipt(id: receipt.id, at: receipt.at, action: receipt.action.rawValue, body: try encode(receipt))
        }
    }

    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}
