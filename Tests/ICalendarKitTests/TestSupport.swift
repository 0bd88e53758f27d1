import CivilCalendar
import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Paths of fixtures relative to the package root.
enum Fixture {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Fixtures/calendars").appendingPathComponent(relative).path
    }
}

/// "2026-03-23T08:30Z" → Date.
func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withTimeZone]
    guard let date = formatter.date(from: text.replacingOccurrences(of: "Z", with: ":00Z")) else {
        Issue.record("bad test timestamp \(text)")
        return Date(timeIntervalSince1970: 0)
    }
    return date
}

/// An expected merged interval: UTC bounds and the summaries that caused it.
struct Expected: CustomStringConvertible {
    var start: String
    var end: String
    var summaries: [String]

    init(_ start: String, _ end: String, _ summaries: String...) {
        self.start = start
        self.end = end
        self.summaries = summaries
    }

    var description: String { "\(start)–\(end) \(summaries)" }
}

func render(_ interval: BusyInterval) -> String {
    let formatter = ISO8601DateFormatter()
    return "\(formatter.string(from: interval.start))–\(formatter.string(from: interval.end)) \(interval.causes.map(\.summary))"
}

/// Checks intervals one by one so a failure shows exactly which one differs.
func expectIntervals(_ result: BusyResult, _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.intervals.count == expected.count,
            "got \(result.intervals.map(render))", sourceLocation: sourceLocation)
    for (actual, wanted) in zip(result.intervals, expected) {
        #expect(actual.start == utc(wanted.start) && actual.end == utc(wanted.end)
                && actual.causes.map(\.summary) == wanted.summaries,
                "expected \(wanted), got \(render(actual))", sourceLocation: sourceLocation)
    }
}

/// A service over one source.
func service(_ location: CalendarSourceConfig.Location, zone: String, name: String = "cal",
             allDay: CalendarSourceConfig.AllDayPolicy = .free, addresses: [String] = []) throws -> CalendarService {
    try CalendarService(sources: [CalendarSourceConfig(name: name, location: location, allDay: allDay, userAddresses: addresses)],
                        settings: CalendarSettings(timeZone: zone))
}

/// A fresh temporary directory removed by the caller.
func temporaryDirectory() throws -> URL {
    URL(fileURLWithPath: try ScratchFolder.make("calendar"))
}

/// Wraps VEVENT text in a VCALENDAR, writes it to a temp file and returns busy over the window.
func busy(events: String, zone: String = "Europe/Berlin", allDay: CalendarSourceConfig.AllDayPolicy = .free,
          addresses: [String] = [], from: String, to: String) throws -> BusyResult {
    let directory = try temporaryDirectory()
    defer { removeDirectory(directory) }
    let file = directory.appendingPathComponent("inline.ics")
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vigord tests//EN\r\n" + events
        .split(separator: "\n", omittingEmptySubsequences: true).map { $0 + "\r\n" }.joined() + "END:VCALENDAR\r\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    let calendar = try service(.file(file.path), zone: zone, allDay: allDay, addresses: addresses)
    return try calendar.busy(from: utc(from), to: utc(to))
}

/// Removes a test directory, recording (not hiding) a failure.
func removeDirectory(_ url: URL) {
    do {
        try FileManager.default.removeItem(at: url)
    } catch {
        Issue.record("could not remove \(url.path): \(error)")
    }
}
