import Foundation

/// Which clock a wall time is read on.
enum TimeReference: Sendable {
    /// A "Z" value.
    case utc
    /// No zone in the file: read in the user's configured zone.
    case floating
    /// A TZID that resolved to a libical zone.
    case zone(ZoneHandle)
}

/// A DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID value: wall time plus the clock it is read on.
struct CalendarTime: Sendable {
    var wall: WallDateTime
    var reference: TimeReference

    /// The same clock at another wall time.
    func with(wall newWall: WallDateTime) -> CalendarTime {
        CalendarTime(wall: newWall, reference: reference)
    }
}
