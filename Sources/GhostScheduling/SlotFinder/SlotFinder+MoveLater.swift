import Foundation
import GhostEngine

/// Where "move later" put a conflicted block.
public enum MoveOutcome: Codable, Sendable, Equatable {
    /// The nearest later free start the same day in the best preferred window left that day.
    case sameDay(PlannedBlock)
    /// The best slot of the next suitable day.
    case laterDay(PlannedBlock)
    /// Nothing free within the search days; the block should be removed or left to the user.
    case noRoom(searchedDays: Int)
}

extension SlotFinder {
    /// Moves a block hit by a new conflict: the nearest later feasible start the same day among those in the best
    /// preferred window left that day (inside a preferred window before outside one, so the user's day changes least
    /// without leaving the hours they asked for), else the best slot of the next usable day within `moveSearchDays`
    /// that keeps the gap to `request.existingSessions` (which must not contain the moved block). Busy times in
    /// `request` include the new conflict.
    /// - Throws: `SchedulingError` for an invalid request or when a local time cannot be formed.
    public func moveLater(blockStart: Date, request: SlotRequest) throws(SchedulingError) -> MoveOutcome {
        try request.validate()
        let day = calendar.day(of: blockStart)
        let busy = try timeline(request, from: day, days: rules.slots.moveSearchDays + 1)
        if availability(of: day, request: request) == nil {
            let later = try slots(on: day, request: request, busy: busy).filter {
                $0.start > blockStart && keepsGap(request.existingSessions + [$0.start])
            }.sorted { ($0.factors.preferredWindow, $1.start) > ($1.factors.preferredWindow, $0.start) }
            if let block = plannedBlock(from: later, on: day, request: request) {
                return .sameDay(block)
            }
        }
        for offset in 1...rules.slots.moveSearchDays {
            let next = day.adding(days: offset)
            let taken = request.existingSessions.contains { calendar.day(of: $0) == next }
            guard !taken, availability(of: next, request: request) == nil else { continue }
            let usable = try slots(on: next, request: request, busy: busy).sorted(by: Self.better).filter {
                keepsGap(request.existingSessions + [$0.start])
            }
            if let block = plannedBlock(from: usable, on: next, request: request) {
                return .laterDay(block)
            }
        }
        return .noRoom(searchedDays: rules.slots.moveSearchDays)
    }
}
