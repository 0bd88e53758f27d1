import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// The in-memory state behind warm queries: unchanged sources are never parsed again, one
/// changed source is parsed alone, and answers from cached expansions equal fresh ones.
@Suite(.removesScratchFolders) struct IncrementalReloadTests {
    private func calendarText(_ name: String, hour: Int) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//vigord tests//EN\r
        BEGIN:VEVENT\r
        UID:\(name)-single\r
        DTSTART;TZID=Europe/Berlin:20260601T\(String(format: "%02d", hour))0000\r
        DURATION:PT30M\r
        SUMMARY:\(name) single\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:\(name)-weekly\r
        DTSTART;TZID=America/New_York:20260105T0\(hour % 10)0000\r
        DURATION:PT1H\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,TH\r
        EXDATE;TZID=America/New_York:20260604T0\(hour % 10)0000\r
        SUMMARY:\(name) weekly\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:\(name)-weekly\r
        RECURRENCE-ID;TZID=America/New_York:20260608T0\(hour % 10)0000\r
        DTSTART;TZID=America/New_York:20260608T170000\r
        DURATION:PT2H\r
        SUMMARY:\(name) weekly moved\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:\(name)-long\r
        DTSTART:20260520T120000Z\r
        DTEND:20260715T120000Z\r
        TRANSP:OPAQUE\r
        SUMMARY:\(name) long\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    private func writeSources(in directory: URL, count: Int) throws -> [CalendarSourceConfig] {
        try (0..<count).map { number in
            let url = directory.appendingPathComponent("source\(number).ics")
            try calendarText("s\(number)", hour: 8 + number).write(to: url, atomically: true, encoding: .utf8)
            return CalendarSourceConfig(name: "s\(number)", location: .file(url.path))
        }
    }

    @Test func oneChangedSourceOfFiveIsParsedAlone() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let sources = try writeSources(in: directory, count: 5)
        let calendar = try CalendarService(sources: sources, settings: CalendarSettings(timeZone: "Europe/Berlin"))
        let from = utc("2026-06-01T00:00Z")
        _ = try calendar.busy(from: from, to: utc("2026-06-15T00:00Z"))
        #expect(calendar.parseCount == 5)
        for (start, end) in [("2026-06-02T00:00Z", "2026-06-30T00:00Z"), ("2027-01-01T00:00Z", "2027-04-01T00:00Z")] {
            _ = try calendar.busy(from: utc(start), to: utc(end))
        }
        #expect(calendar.parseCount == 5)
        let changed = directory.appendingPathComponent("source2.ics")
        try calendarText("s2-changed", hour: 10).write(to: changed, atomically: true, encoding: .utf8)
        let result = try calendar.busy(from: from, to: utc("2026-06-02T00:00Z"))
        #expect(calendar.parseCount == 6)
        let summaries = Set(result.intervals.flatMap { $0.causes.map(\.summary) })
        #expect(summaries.contains("s2-changed single"))
        #expect(!summaries.contains("s2 single"))
        #expect(summaries.contains("s4 single"))
        _ = try calendar.busy(from: from, to: utc("2026-09-01T00:00Z"))
        #expect(calendar.parseCount == 6)
    }

    @Test func cachedAnswersEqualFreshOnesForAnyWindow() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let sources = try writeSources(in: directory, count: 2)
        let settings = CalendarSettings(timeZone: "Europe/Berlin")
        let warm = try CalendarService(sources: sources, settings: settings)
        // Windows inside one chunk, across chunk boundaries, overlapping each other, one empty.
        let windows = [("2026-06-01T00:00Z", "2026-06-15T00:00Z"), ("2026-05-01T00:00Z", "2026-08-01T00:00Z"),
                       ("2026-06-03T13:00Z", "2026-06-09T07:30Z"), ("2026-07-14T00:00Z", "2026-07-16T00:00Z"),
                       ("2026-06-01T00:00Z", "2026-06-15T00:00Z"), ("2025-12-20T00:00Z", "2026-02-10T00:00Z"),
                       ("2026-06-10T00:00Z", "2026-06-10T00:00Z")]
        for (start, end) in windows {
            let fresh = try CalendarService(sources: sources, settings: settings)
            let expected = try fresh.busy(from: utc(start), to: utc(end))
            #expect(try warm.busy(from: utc(start), to: utc(end)) == expected, "window \(start) – \(end)")
            #expect(try warm.busy(from: utc(start), to: utc(end), source: "s1")
                    == fresh.busy(from: utc(start), to: utc(end), source: "s1"), "s1 only, window \(start) – \(end)")
        }
        #expect(warm.parseCount == 2)
    }

    @Test func aPreparedWindowIsAnsweredWithoutBuildingAndAsAFreshServiceWould() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let sources = try writeSources(in: directory, count: 2)
        let settings = CalendarSettings(timeZone: "Europe/Berlin")
        let calendar = try CalendarService(sources: sources, settings: settings)
        // Chunks are 28 days from 1970-01-01: one ends 2026-07-01, the next starts 2026-07-02.
        _ = try calendar.busy(from: utc("2026-06-25T00:00Z"), to: utc("2026-07-02T00:00Z"))
        #expect(calendar.prepare(from: utc("2026-07-02T00:00Z"), to: utc("2026-07-09T00:00Z")) == 1)
        let builds = calendar.chunkBuilds
        let next = try calendar.busy(from: utc("2026-06-26T00:00Z"), to: utc("2026-07-03T00:00Z"))
        #expect(calendar.chunkBuilds == builds)
        let fresh = try CalendarService(sources: sources, settings: settings)
        #expect(next == (try fresh.busy(from: utc("2026-06-26T00:00Z"), to: utc("2026-07-03T00:00Z"))))
        #expect(fresh.chunkBuilds == 2)
        #expect(calendar.prepare(from: utc("2026-07-02T00:00Z"), to: utc("2026-07-09T00:00Z"), source: "nope") == 0)
        #expect(calendar.parseCount == 2)
    }
}
