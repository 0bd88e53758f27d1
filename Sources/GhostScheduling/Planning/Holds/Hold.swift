import CivilCalendar
import Foundation
import GhostEngine

/// Held time: a likely session of the week forecast kept in vigord's calendar as tentative, so the week is defended
/// before the evening decides the day. Not a block: the engine never sees it, it counts for no trust and no breaker.
public struct Hold: Codable, Sendable, Equatable {
    /// The forecast day the hold stands for; its calendar item is `hold-<day>` (a user may move it to another time).
    public var day: LocalDay
    /// Start instant.
    public var start: Date
    /// Length in minutes (`[training] duration_minutes`).
    public var durationMinutes: Int
    /// Why this slot, in words (the DESCRIPTION's second paragraph).
    public var reason: String
    /// Busy to others (TRANSP:OPAQUE, and "Busy" in the shadow calendar); once defended it stays so until it moves.
    public var defended: Bool
    /// The user moved it by hand: it stays where they put it.
    public var movedByUser: Bool

    /// Creates a hold.
    public init(day: LocalDay, start: Date, durationMinutes: Int, reason: String, defended: Bool = false, movedByUser: Bool = false) {
        self.day = day
        self.start = start
        self.durationMinutes = durationMinutes
        self.reason = reason
        self.defended = defended
        self.movedByUser = movedByUser
    }

    /// End instant.
    public var end: Date { start.addingTimeInterval(TimeInterval(durationMinutes * 60)) }

    /// The calendar item id (X-VIGOR-BLOCK-ID): one per forecast day, so a hold moved within its day keeps its UID.
    public var itemID: String { Self.itemPrefix + day.description }

    /// The prefix of every hold's item id.
    public static let itemPrefix = "hold-"

    /// The forecast day of a hold's item id; nil for an id that is not a hold's.
    public static func day(ofItem id: String) -> LocalDay? {
        guard id.hasPrefix(itemPrefix) else { return nil }
        return LocalDay(iso: String(id.dropFirst(itemPrefix.count)))
    }
}
