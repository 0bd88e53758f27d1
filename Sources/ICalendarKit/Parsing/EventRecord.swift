import Foundation

/// How long each instance of an event lasts, as the file states it.
enum EventLength: Sendable {
    /// Neither DTEND nor DURATION: one day for a date, zero for a date-time (RFC 5545 3.6.1).
    case unspecified
    /// DTEND.
    case until(CalendarTime)
    /// DURATION: nominal days (weeks folded in) plus exact seconds.
    case duration(days: Int, seconds: Int)
}

/// One RDATE value.
enum RecurrenceDate: Sendable {
    case start(CalendarTime)
    case period(start: CalendarTime, length: EventLength)
}

/// Whether the event blocks time (TRANSP), as written; nil when the property is absent.
enum Transparency: String, Sendable {
    case opaque = "OPAQUE"
    case transparent = "TRANSPARENT"
}

/// An ATTENDEE with its participation status.
struct Attendee: Sendable, Hashable {
    /// Lowercased address without "mailto:".
    var address: String
    /// PARTSTAT as written, uppercased ("DECLINED", "ACCEPTED", …); "NEEDS-ACTION" when absent.
    var participation: String
}

/// A VEVENT read out of libical into Swift values (master, override, or single event).
struct EventRecord: Sendable {
    var uid: String
    var summary: String
    var status: String?
    var transparency: Transparency?
    var start: CalendarTime
    var length: EventLength
    var recurrenceRules: [String]
    var recurrenceDates: [RecurrenceDate]
    var exceptionDates: [CalendarTime]
    var recurrenceID: CalendarTime?
    var appliesToFuture: Bool
    var attendees: [Attendee]
    /// CATEGORIES values, each comma-separated item on its own.
    var categories: [String] = []
    /// Where it takes place, when the event says (GEO or Apple's structured location).
    var position: GeoPosition?
    /// 1-based line of BEGIN:VEVENT in the source file, for messages.
    var line: Int
    /// Its position among the file's events, so a kept occurrence can name it with one number.
    var positionInFile: Int32 = 0

    var isAllDay: Bool { start.wall.isDate }
    /// A recurring event's master (RRULE or RDATE) or an override of one of its instances.
    var isRecurring: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty || recurrenceID != nil }

    /// The zone DTSTART is written in, nil for UTC, floating and all-day times.
    var startZone: ZoneHandle? {
        if case .zone(let zone) = start.reference { zone } else { nil }
    }

    /// The zone DTEND is written in, when DTEND names one (a flight may end in another zone).
    var endZone: ZoneHandle? {
        if case .until(let end) = length, case .zone(let zone) = end.reference { zone } else { startZone }
    }
}
