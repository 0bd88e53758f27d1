import CivilCalendar
import Foundation

/// A calendar file of the user's that the replay writes for vigord to read: the scenario's weekly busy times and the
/// meetings that landed so far, each as an event in UTC. Written whole and renamed into place, so vigord's watch sees
/// one change.
struct ReplayCalendarFile {
    let path: URL
    private(set) var events: [BusyInterval]

    init(path: URL, events: [BusyInterval]) {
        self.path = path
        self.events = events
    }

    /// Adds `more` and writes the file again.
    mutating func add(_ more: [BusyInterval]) throws {
        events += more
        try write()
    }

    /// Writes the calendar.
    func write() throws {
        try Self.replace(path, with: Self.text(events))
    }

    /// Writes text that is no calendar in the file's place (a sync that broke it), until `write()` restores it.
    func breakFile() throws {
        try Self.replace(path, with: "this is not a calendar: the sync broke it\n")
    }

    /// The events as an iCalendar, `Busy` when an interval names no cause.
    static func text(_ events: [BusyInterval]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigor-sim//versus-daemon//EN"]
        for (index, event) in events.enumerated() {
            lines += [
                "BEGIN:VEVENT", "UID:replay-\(index)@vigor-sim", "DTSTAMP:20260101T000000Z", "DTSTART:\(utc(event.start))",
                "DTEND:\(utc(event.end))", "SUMMARY:\(event.causes.first?.summary ?? "Busy")", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
    }

    private static func replace(_ path: URL, with text: String) throws {
        let temporary = path.deletingLastPathComponent().appendingPathComponent(".\(path.lastPathComponent).new")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, path.path) == 0 else {
            throw ReplayError("cannot rename \(temporary.path) to \(path.path): errno \(errno)")
        }
    }
}
