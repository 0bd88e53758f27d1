import CLibical
import Foundation

/// Reads one VEVENT, collecting issues with file/line/UID context.
struct EventContext {
    let path: String
    let line: Int?
    let resolver: ZoneResolver
    let defaultZone: ZoneHandle?
    var issues: [ParseIssue] = []
    var componentName = "VEVENT"

    init(path: String, line: Int?, resolver: ZoneResolver, defaultZone: ZoneHandle?) {
        self.path = path
        self.line = line
        self.resolver = resolver
        self.defaultZone = defaultZone
    }

    mutating func report(_ message: String) {
        issues.append(ParseIssue(file: path, line: line, component: componentName, message: message))
    }

    mutating func record(from event: OpaquePointer, errors: [String]) -> EventRecord? {
        let uid = icalcomponent_get_uid(event).map { String(cString: $0) } ?? ""
        componentName = uid.isEmpty ? "VEVENT" : "VEVENT UID=\(uid)"
        let timingErrors = errors.filter(ICSParser.isTimingError)
        for message in errors where !ICSParser.isTimingError(message) && !ICSParser.isEmptyValueNote(message) {
            report("ignored a bad line: \(message)")
        }
        if let first = timingErrors.first {
            report("event skipped: \(first)")
            return nil
        }
        guard let startProperty = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY) else {
            report("event skipped: no DTSTART")
            return nil
        }
        let start = time(icalproperty_get_dtstart(startProperty), property: startProperty)
        if resolver.hasSetAsideZones, case .zone = start.reference, let tzid = LibicalText.parameter("TZID", of: startProperty),
           let note = resolver.disagreement(tzid: tzid, at: start.wall) {
            report(note)
        }
        var record = EventRecord(
            uid: uid.isEmpty ? "\(path)#line\(line ?? 0)" : uid,
            summary: icalcomponent_get_summary(event).map { String(cString: $0) } ?? "",
            status: firstValue(event, ICAL_STATUS_PROPERTY)?.uppercased(),
            transparency: firstValue(event, ICAL_TRANSP_PROPERTY).flatMap { Transparency(rawValue: $0.uppercased()) },
            start: start,
            length: .unspecified,
            recurrenceRules: [],
            recurrenceDates: [],
            exceptionDates: [],
            recurrenceID: nil,
            appliesToFuture: false,
            attendees: [],
            line: line ?? 0)
        if uid.isEmpty {
            report("no UID; using the file position as its identity")
        }
        (record.start, record.length) = length(of: event, start: start)
        record.recurrenceRules = LibicalText.properties(of: event, kind: ICAL_RRULE_PROPERTY).compactMap { LibicalText.value(of: $0) }
        for property in LibicalText.properties(of: event, kind: ICAL_RDATE_PROPERTY) {
            let value = icalproperty_get_rdate(property)
            if icalperiodtype_is_null_period(value.period) == 0 {
                let periodStart = time(value.period.start, property: property)
                let periodLength: EventLength = icaltime_is_null_time(value.period.end) == 0
                    ? .until(time(value.period.end, property: property))
                    : durationLength(value.period.duration)
                record.recurrenceDates.append(.period(start: periodStart, length: periodLength))
            } else {
                record.recurrenceDates.append(.start(time(value.time, property: property)))
            }
        }
        record.exceptionDates = LibicalText.properties(of: event, kind: ICAL_EXDATE_PROPERTY).map {
            time(icalproperty_get_exdate($0), property: $0)
        }
        if let ridProperty = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) {
            record.recurrenceID = time(icalproperty_get_recurrenceid(ridProperty), property: ridProperty)
            record.appliesToFuture = LibicalText.parameter("RANGE", of: ridProperty)?.uppercased() == "THISANDFUTURE"
        }
        record.categories = LibicalText.properties(of: event, kind: ICAL_CATEGORIES_PROPERTY)
            .compactMap { LibicalText.value(of: $0) }
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        record.attendees = LibicalText.properties(of: event, kind: ICAL_ATTENDEE_PROPERTY).compactMap { property in
            guard let raw = LibicalText.value(of: property) else { return nil }
            return Attendee(address: Self.normalizedAddress(raw),
                            participation: LibicalText.parameter("PARTSTAT", of: property)?.uppercased() ?? "NEEDS-ACTION")
        }
        record.position = position(of: event)
        return record
    }

    /// Where the event takes place: GEO, else the `geo:` URI of Apple's X-APPLE-STRUCTURED-LOCATION; a value
    /// out of range is reported and left out (the event still counts, only its place is unknown).
    private mutating func position(of event: OpaquePointer) -> GeoPosition? {
        if let property = icalcomponent_get_first_property(event, ICAL_GEO_PROPERTY), icalproperty_get_value(property) != nil {
            let geo = icalproperty_get_geo(property)
            if let position = GeoPosition(latitude: geo.lat, longitude: geo.lon) { return position }
            report("GEO \(LibicalText.value(of: property) ?? "") ignored: latitude must lie within ±90 and longitude within ±180")
        }
        for property in LibicalText.properties(of: event, kind: ICAL_X_PROPERTY) {
            guard let name = icalproperty_get_x_name(property), String(cString: name).uppercased() == "X-APPLE-STRUCTURED-LOCATION",
                  let uri = LibicalText.value(of: property)
            else { continue }
            if let position = GeoPosition(geoURI: uri) { return position }
            report("X-APPLE-STRUCTURED-LOCATION \(uri) ignored: not a geo: URI with a latitude and longitude in range")
        }
        return nil
    }

    /// "MAILTO:Ana@Example.com" → "ana@example.com".
    static func normalizedAddress(_ raw: String) -> String {
        var address = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if address.hasPrefix("mailto:") {
            address.removeFirst("mailto:".count)
        }
        return address
    }

    private func firstValue(_ event: OpaquePointer, _ kind: icalproperty_kind) -> String? {
        icalcomponent_get_first_property(event, kind).flatMap { LibicalText.value(of: $0) }
    }

    /// The event's start and length. A DTEND before DTSTART (a known export bug) or a negative DURATION is
    /// repaired, never dropped: the two ends are swapped, so the time between them is busy (fail closed), and
    /// the repair is reported.
    private mutating func length(of event: OpaquePointer, start: CalendarTime) -> (CalendarTime, EventLength) {
        let endProperty = icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY)
        let durationProperty = icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY)
        if let endProperty {
            if durationProperty != nil {
                report("has both DTEND and DURATION; using DTEND")
            }
            let end = time(icalproperty_get_dtend(endProperty), property: endProperty)
            if Self.isBefore(end, start) {
                report("repaired: DTEND \(LibicalText.value(of: endProperty) ?? "") is before DTSTART \(startText(event)); "
                    + "read from DTEND to DTSTART")
                return (end, .until(start))
            }
            return (start, .until(end))
        }
        if let durationProperty {
            let length = durationLength(icalproperty_get_duration(durationProperty))
            if case .duration(let days, let seconds) = length, days * 86_400 + seconds < 0 {
                report("repaired: DURATION \(LibicalText.value(of: durationProperty) ?? "") is negative; "
                    + "read as the time that long before DTSTART \(startText(event))")
                let earlier = WallDateTime.fromNaive(start.wall.naiveSeconds + days * 86_400 + seconds, isDate: start.wall.isDate)
                return (start.with(wall: earlier), .duration(days: -days, seconds: -seconds))
            }
            return (start, length)
        }
        return (start, .unspecified)
    }

    private func startText(_ event: OpaquePointer) -> String {
        icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY).flatMap { LibicalText.value(of: $0) } ?? ""
    }

    /// Whether `end` comes before `start` as the producer wrote them: on the wall clock when both are on one
    /// clock (a DTSTART in a spring-forward gap is not reversed by the gap), else as instants, a floating time
    /// read in the other value's zone (the configured zone is not known while parsing).
    private static func isBefore(_ end: CalendarTime, _ start: CalendarTime) -> Bool {
        switch (end.reference, start.reference) {
        case (.utc, .utc), (.floating, .floating):
            return end.wall < start.wall
        case (.zone(let first), .zone(let second)) where first === second:
            return end.wall < start.wall
        default:
            return instant(of: end, otherwise: start) < instant(of: start, otherwise: end)
        }
    }

    private static func instant(of time: CalendarTime, otherwise other: CalendarTime) -> Int {
        switch (time.reference, other.reference) {
        case (.zone(let zone), _), (.floating, .zone(let zone)):
            return InstantConverter(floatingZone: zone).instant(of: time.wall, in: zone)
        case (.utc, _), (.floating, _):
            return time.wall.naiveSeconds
        }
    }

    private func durationLength(_ duration: icaldurationtype) -> EventLength {
        let sign = duration.is_neg != 0 ? -1 : 1
        let days = Int(duration.days) + 7 * Int(duration.weeks)
        let seconds = Int(duration.hours) * 3_600 + Int(duration.minutes) * 60 + Int(duration.seconds)
        return .duration(days: sign * days, seconds: sign * seconds)
    }

    private mutating func time(_ value: icaltimetype, property: OpaquePointer) -> CalendarTime {
        let wall = WallDateTime(year: Int(value.year), month: Int(value.month), day: Int(value.day),
                            hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second),
                            isDate: value.is_date != 0)
        if wall.isDate {
            return CalendarTime(wall: wall, reference: .floating)
        }
        if icaltime_is_utc(value) != 0 {
            return CalendarTime(wall: wall, reference: .utc)
        }
        if let tzid = LibicalText.parameter("TZID", of: property) {
            if let zone = resolver.resolve(tzid) {
                return CalendarTime(wall: wall, reference: .zone(zone))
            }
            if let sentence = resolver.unknownZoneReport(tzid) { report(sentence) }
            return CalendarTime(wall: wall, reference: .floating)
        }
        if let defaultZone {
            return CalendarTime(wall: wall, reference: .zone(defaultZone))
        }
        return CalendarTime(wall: wall, reference: .floating)
    }
}
