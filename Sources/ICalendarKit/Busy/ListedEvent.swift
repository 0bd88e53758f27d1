import Foundation

/// An event occurrence as the daemon's travel detection reads it: what it is called, when, and in
/// which zones it was written. Cancelled occurrences are never listed.
public struct ListedEvent: Sendable, Hashable, Codable {
    /// A zone an event time was written in, with its UTC offset at that time.
    public struct Zone: Sendable, Hashable, Codable {
        /// The TZID as resolved (an IANA name, also for a Windows name; a file's own VTIMEZONE keeps its TZID).
        public var name: String
        /// Offset from UTC in seconds at the event time.
        public var offsetSeconds: Int

        public init(name: String, offsetSeconds: Int) {
            self.name = name
            self.offsetSeconds = offsetSeconds
        }
    }

    /// The configured source name.
    public var source: String
    /// SUMMARY.
    public var summary: String
    /// CATEGORIES items.
    public var categories: [String]
    /// Start and end (UTC instants); an all-day event covers whole days of the configured zone.
    public var start: Date
    public var end: Date
    public var isAllDay: Bool
    /// True for a meeting (the event lists attendees): someone else's zone says nothing about where you are.
    public var hasAttendees: Bool
    /// True when it blocks your time by the source's busy rules (not declined, not free, not a free all-day event).
    public var isBusy: Bool
    /// Zone of DTSTART and of DTEND; nil for UTC, floating and all-day times.
    public var startZone: Zone?
    public var endZone: Zone?
    /// Where it takes place (GEO or Apple's structured location), nil when the event does not say.
    public var position: GeoPosition?
    /// True for one instance of a recurring event (a weekly family dinner), false for a one-off.
    public var isRecurring: Bool

    public init(
        source: String, summary: String, categories: [String], start: Date, end: Date, isAllDay: Bool, hasAttendees: Bool,
        isBusy: Bool = true, startZone: Zone?, endZone: Zone?, position: GeoPosition? = nil, isRecurring: Bool = false
    ) {
        self.source = source
        self.summary = summary
        self.categories = categories
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.hasAttendees = hasAttendees
        self.isBusy = isBusy
        self.startZone = startZone
        self.endZone = endZone
        self.position = position
        self.isRecurring = isRecurring
    }
}

extension ListedEvent {
    init(_ occurrence: EventOccurrence, source: String, isBusy: Bool) {
        self.init(
            source: source, summary: occurrence.summary, categories: occurrence.categories,
            start: Date(timeIntervalSince1970: TimeInterval(occurrence.start)),
            end: Date(timeIntervalSince1970: TimeInterval(occurrence.end)), isAllDay: occurrence.isAllDay,
            hasAttendees: !occurrence.attendees.isEmpty, isBusy: isBusy,
            startZone: occurrence.startZone.map { Zone(name: $0.tzid, offsetSeconds: $0.offsetAtUTC(occurrence.start)) },
            endZone: occurrence.endZone.map { Zone(name: $0.tzid, offsetSeconds: $0.offsetAtUTC(occurrence.end)) },
            position: occurrence.position, isRecurring: occurrence.isRecurring)
    }
}
