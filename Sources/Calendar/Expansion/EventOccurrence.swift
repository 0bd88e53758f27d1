import Foundation

/// One concrete instance of an event in UTC, with the properties that decide busy-ness.
struct EventOccurrence: Sendable {
    var uid: String
    var summary: String
    /// Seconds since 1970, UTC.
    var start: Int
    var end: Int
    var isAllDay: Bool
    var status: String?
    var transparency: Transparency?
    var attendees: [Attendee]
    var categories: [String] = []
    /// Where it takes place, when the event says.
    var position: GeoPosition?
    /// Zones DTSTART and DTEND are written in (nil: UTC, floating or all-day).
    var startZone: ZoneHandle?
    var endZone: ZoneHandle?
    /// One instance of a recurring event (RRULE, RDATE or an override of one).
    var isRecurring = false
}
