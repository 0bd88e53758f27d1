import CLibical
import Foundation

/// The usable content of one .ics file plus what had to be skipped.
struct ParsedFile: Sendable {
    var path: String
    var issues: [ParseIssue]
    /// The events prepared for window queries (built with the file, filled on first query); the one
    /// place the file's events are kept.
    let occurrenceIndex: FileOccurrenceIndex

    /// The file's events in file order.
    var events: [EventRecord] { occurrenceIndex.events }

    init(path: String, events: [EventRecord], issues: [ParseIssue]) {
        self.path = path
        self.issues = issues
        occurrenceIndex = FileOccurrenceIndex(events: events)
    }
}

/// Parses iCalendar text with libical into `EventRecord`s.
///
/// A file libical cannot parse at all (or that is truncated) is an error; inside a parsed file,
/// an event whose timing properties are broken is skipped and reported, other defects are
/// reported and the event is kept. Thread-safe: each call owns its component tree.
enum ICSParser {
    private static let timingProperties = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"]

    /// Parses `text` read from `path`.
    static func parse(text: String, path: String) -> Result<ParsedFile, CalendarError> {
        LibicalRuntime.prepare()
        guard ICSTextScan.contains("BEGIN:VCALENDAR", in: text) else {
            return .failure(.notICalendar(path: path))
        }
        guard ICSTextScan.contains("END:VCALENDAR", in: text) else {
            return .failure(.malformed(path: path, reason: "truncated: no END:VCALENDAR"))
        }
        if let layout = CalendarLayout.of(text) {
            return parse(text: text, layout: layout, path: path)
        }
        return parseWhole(text: text, path: path)
    }

    /// Any file libical reads, in one tree: several VCALENDARs, components out of place. Also what a
    /// file parsed event by event must give the same records and issues as (the tests compare them).
    static func parseWhole(text: String, path: String) -> Result<ParsedFile, CalendarError> {
        guard let root = icalparser_parse_string(text) else {
            return .failure(.malformed(path: path, reason: "libical could not parse the file"))
        }
        defer { icalcomponent_free(root) }  // nothing read out of the tree points into it
        let calendars: [OpaquePointer]
        switch icalcomponent_isa(root) {
        case ICAL_VCALENDAR_COMPONENT:
            calendars = [root]
        case ICAL_XROOT_COMPONENT:
            calendars = LibicalText.children(of: root, kind: ICAL_VCALENDAR_COMPONENT)
        default:
            return .failure(.malformed(path: path, reason: "top-level component is not VCALENDAR"))
        }
        var reader = FileReader(path: path, eventLines: beginEventLines(in: text))
        for calendar in calendars {
            reader.read(calendar: calendar)
        }
        return .success(ParsedFile(path: path, events: reader.events, issues: reader.issues))
    }

    /// One VCALENDAR, event by event: the calendar without its events first (its properties and zones), then
    /// each VEVENT's text on its own, its tree freed once read. The same records and issues as a whole parse,
    /// with one event's tree in memory instead of the file's.
    private static func parse(text: String, layout: CalendarLayout, path: String) -> Result<ParsedFile, CalendarError> {
        guard let calendar = layout.skeleton.withUnsafeBufferPointer({ icalparser_parse_string($0.baseAddress) }) else {
            return .failure(.malformed(path: path, reason: "libical could not parse the file"))
        }
        defer { icalcomponent_free(calendar) }
        guard icalcomponent_isa(calendar) == ICAL_VCALENDAR_COMPONENT else {
            return .failure(.malformed(path: path, reason: "top-level component is not VCALENDAR"))
        }
        var reader = FileReader(path: path, eventLines: layout.events.map(\.line))
        let scope = reader.begin(calendar: calendar)
        var text = text
        text.withUTF8 { bytes in
            var buffer: [CChar] = []
            for event in layout.events {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: bytes[event.start..<event.end].lazy.map { CChar(bitPattern: $0) })
                buffer.append(0)
                guard let root = buffer.withUnsafeBufferPointer({ icalparser_parse_string($0.baseAddress) }) else {
                    reader.skipEvent()
                    continue
                }
                defer { icalcomponent_free(root) }
                let components = icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT
                    ? [root] : LibicalText.children(of: root, kind: ICAL_VEVENT_COMPONENT)
                if components.isEmpty { reader.skipEvent() }
                for component in components {
                    reader.read(event: component, in: scope)
                }
            }
        }
        return .success(ParsedFile(path: path, events: reader.events, issues: reader.issues))
    }

    /// Line numbers of each BEGIN:VEVENT, in file order (libical keeps components in order).
    static func beginEventLines(in text: String) -> [Int] {
        ICSTextScan.beginEventLines(in: text)
    }

    private struct FileReader {
        let path: String
        let eventLines: [Int]
        var eventIndex = 0
        var events: [EventRecord] = []
        var issues: [ParseIssue] = []

        init(path: String, eventLines: [Int]) {
            self.path = path
            self.eventLines = eventLines
            events.reserveCapacity(eventLines.count)  // kept as long as the file: no spare capacity
        }

        /// What the events of one VCALENDAR are read with.
        struct Scope {
            var resolver: ZoneResolver
            var defaultZone: ZoneHandle?
        }

        mutating func read(calendar: OpaquePointer) {
            let scope = begin(calendar: calendar)
            for event in LibicalText.children(of: calendar, kind: ICAL_VEVENT_COMPONENT) {
                read(event: event, in: scope)
            }
        }

        /// Reads the calendar's own properties; its events follow with `read(event:in:)`.
        mutating func begin(calendar: OpaquePointer) -> Scope {
            for message in errors(in: calendar) {
                issues.append(ParseIssue(file: path, line: nil, component: "VCALENDAR", message: "skipped: \(message)"))
            }
            let resolver = ZoneResolver(calendar: calendar)
            var defaultZone: ZoneHandle?
            if let wrZone = calendarProperty(calendar, named: "X-WR-TIMEZONE") {
                defaultZone = resolver.resolve(wrZone)
                if defaultZone == nil {
                    issues.append(ParseIssue(file: path, line: nil, component: "VCALENDAR",
                                             message: "unknown X-WR-TIMEZONE \"\(wrZone)\"; floating times use the configured zone"))
                }
            }
            return Scope(resolver: resolver, defaultZone: defaultZone)
        }

        mutating func read(event: OpaquePointer, in scope: Scope) {
            let line = eventIndex < eventLines.count ? eventLines[eventIndex] : nil
            eventIndex += 1
            var context = EventContext(path: path, line: line, resolver: scope.resolver, defaultZone: scope.defaultZone)
            if var record = context.record(from: event, errors: errors(in: event)) {
                record.positionInFile = Int32(events.count)
                events.append(record)
            }
            issues.append(contentsOf: context.issues)
        }

        /// An event's text libical made no VEVENT of: reported, and its line number used up.
        mutating func skipEvent() {
            let line = eventIndex < eventLines.count ? eventLines[eventIndex] : nil
            eventIndex += 1
            issues.append(ParseIssue(file: path, line: line, component: "VEVENT", message: "event skipped: libical could not parse it"))
        }

        private func errors(in component: OpaquePointer) -> [String] {
            LibicalText.properties(of: component, kind: ICAL_XLICERROR_PROPERTY).compactMap { LibicalText.value(of: $0) }
        }

        private func calendarProperty(_ calendar: OpaquePointer, named name: String) -> String? {
            for property in LibicalText.properties(of: calendar, kind: ICAL_X_PROPERTY) {
                if let xName = icalproperty_get_x_name(property), String(cString: xName).uppercased() == name {
                    return LibicalText.value(of: property)?.trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Google writes empty LOCATION:/DESCRIPTION: lines; an empty text value is legal, not a defect.
    static func isEmptyValueNote(_ message: String) -> Bool {
        message.hasPrefix("No value for ")
    }

    static func isTimingError(_ message: String) -> Bool {
        timingProperties.contains { message.contains(" \($0) property") }
    }
}
