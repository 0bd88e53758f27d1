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
    /// The VEVENT it comes from: its position among its file's events (`EventRecord.positionInFile`).
    var record: Int32 = 0

    /// The instance of `record` from `start` to `end`; everything else is the event's own.
    init(of record: EventRecord, start: Int, end: Int) {
        self.init(uid: record.uid, summary: record.summary, start: start, end: end, isAllDay: record.isAllDay,
                  status: record.status, transparency: record.transparency, attendees: record.attendees,
                  categories: record.categories, position: record.position, startZone: record.startZone,
                  endZone: record.endZone, isRecurring: record.isRecurring, record: record.positionInFile)
    }

    init(uid: String, summary: String, start: Int, end: Int, isAllDay: Bool, status: String?,
         transparency: Transparency?, attendees: [Attendee], categories: [String] = [], position: GeoPosition? = nil,
         startZone: ZoneHandle? = nil, endZone: ZoneHandle? = nil, isRecurring: Bool = false, record: Int32 = 0) {
        self.uid = uid
        self.summary = summary
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.status = status
        self.transparency = transparency
        self.attendees = attendees
        self.categories = categories
        self.position = position
        self.startZone = startZone
        self.endZone = endZone
        self.isRecurring = isRecurring
        self.record = record
    }
}
