import CivilCalendar
import Foundation
import GhostEngine
import Store

/// The travel ranges that have not ended, on `today`.
public struct TravelReading: Sendable {
    public var ranges: [TravelRange]
    public var today: LocalDay
}

extension GhostBackend {
    /// The Ghost's blocks starting in `from..<to`, earliest first.
    public func blocks(startingFrom from: Date, before to: Date) async -> [ScheduledBlock] {
        await ghost.current.blocks.filter { $0.start >= from && $0.start < to }.sorted { $0.start < $1.start }
    }

    /// Gives a learned sacred slot back to the scheduler; the week is replanned.
    public func clearSacred(_ slot: SlotKey, at now: Date) async throws -> Ghost {
        guard await ghost.current.triage.isSacred(slot) else { throw BackendError.notSacred(slot.description) }
        try await decide(.clearSacredSlot(slot), at: now)
        replan.changed()
        return await ghost.current
    }

    /// Marks `first...last` as travel days; the week is replanned.
    public func setTravel(from first: LocalDay, to last: LocalDay, at now: Date) async throws -> TravelReading {
        try await ghost.recordTravel(from: first, to: last, at: now)
        replan.changed()
        return await travel(at: now)
    }

    /// Clears current and future travel (the user is back); the week is replanned.
    public func clearTravel(at now: Date) async throws -> TravelReading {
        try await ghost.clearTravel(today: await ghost.current.calendar.day(of: now))
        replan.changed()
        return await travel(at: now)
    }

    private func travel(at now: Date) async -> TravelReading {
        TravelReading(ranges: await ghost.travel, today: await ghost.current.calendar.day(of: now))
    }
}
