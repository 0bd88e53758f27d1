import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// What the calendar keeps in memory is small, and keeping less never changes an answer.
@Suite(.removesScratchFolders) struct CompactStorageTests {
    private static let oldRules = """
        BEGIN:VEVENT
        UID:since-2012@tests
        DTSTART;TZID=Europe/Berlin:20120102T090000
        DURATION:PT1H
        RRULE:FREQ=WEEKLY;BYDAY=MO,TH
        SUMMARY:Standing meeting
        END:VEVENT
        BEGIN:VEVENT
        UID:daily-2015@tests
        DTSTART;TZID=America/New_York:20150301T180000
        DURATION:PT30M
        RRULE:FREQ=DAILY;UNTIL=20301231T000000Z
        SUMMARY:Evening call
        END:VEVENT
        """

    private func writeCalendar(_ events: String, in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("old-rules.ics")
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vigord tests//EN\r\n" + events
            .split(separator: "\n").map { $0 + "\r\n" }.joined() + "END:VCALENDAR\r\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func anEarlierWindowAfterLaterOnesIsAnsweredAsAFreshReaderAnswersIt() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let path = try writeCalendar(Self.oldRules, in: directory)
        let used = try service(.file(path), zone: "Europe/Berlin")
        // Later windows first: the rules' starts before them are let go.
        _ = try used.busy(from: utc("2026-03-01T00:00Z"), to: utc("2026-06-01T00:00Z"))
        _ = try used.busy(from: utc("2028-01-01T00:00Z"), to: utc("2028-03-01T00:00Z"))
        let early = try used.busy(from: utc("2015-03-01T00:00Z"), to: utc("2015-05-01T00:00Z"))
        let fresh = try service(.file(path), zone: "Europe/Berlin").busy(from: utc("2015-03-01T00:00Z"), to: utc("2015-05-01T00:00Z"))
        #expect(early.intervals.count > 40)
        #expect(early.intervals.map(render) == fresh.intervals.map(render))
    }

    @Test func aRuleCursorKeepsAFewMonthsOfStartsWhateverItsAge() throws {
        let dtstart = WallDateTime(year: 2000, month: 1, day: 1, hour: 9, minute: 0, second: 0, isDate: false)
        let cursor = try RuleCursor(text: "FREQ=DAILY", dtstart: dtstart, onStartClock: { $0 })
        let lower = WallDateTime(year: 2026, month: 3, day: 1, hour: 0, minute: 0, second: 0, isDate: false)
        let horizon = WallDateTime(year: 2026, month: 4, day: 1, hour: 0, minute: 0, second: 0, isDate: false)
        let (starts, stopped) = cursor.starts(from: lower, upTo: horizon, limit: 500_000)
        #expect(!stopped)
        let last = try #require(starts.last)
        #expect(last <= horizon)
        // 26 years of daily starts were produced; 120 days plus the window are kept.
        #expect((120...160).contains(cursor.keptCount))
        let again = cursor.starts(from: nil, upTo: horizon, limit: 500_000)
        let first = try #require(again.starts.first)
        #expect(first == dtstart)
    }

    @Test func aFilesOwnTimeZoneOutlivesTheParseTreeItWasReadFrom() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord tests//EN",
            "BEGIN:VTIMEZONE", "TZID:Office Time", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "TZNAME:OT", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:office@tests", "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=Office Time:20260305T090000", "DURATION:PT1H", "SUMMARY:Review", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        // The parser frees libical's tree before it returns; the zone read out of it must not point into it.
        let parsed = try ICSParser.parse(text: text, path: "office.ics").get()
        let event = try #require(parsed.events.first)
        guard case .zone(let zone) = event.start.reference else {
            Issue.record("DTSTART lost its zone: \(event.start.reference)")
            return
        }
        #expect(zone.tzid == "Office Time")
        #expect(zone.offsetAtUTC(Int(utc("2026-03-05T03:30Z").timeIntervalSince1970)) == 19_800)
        let expander = RecurrenceExpander(converter: InstantConverter(floatingZone: try #require(ZoneResolver.builtin("UTC"))))
        #expect(expander.singleOccurrence(of: event).start == Int(utc("2026-03-05T03:30Z").timeIntervalSince1970))
    }

    @Test func aWallTimeGivesBackTheFieldsItWasMadeOfBeforeAndAfter1970() {
        for (year, month, day, hour, minute, second) in [(1969, 12, 31, 23, 59, 59), (1900, 2, 28, 0, 0, 1),
                                                         (2024, 2, 29, 12, 30, 0), (9999, 12, 31, 23, 59, 59)] {
            let wall = WallDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, isDate: false)
            let fields = wall.fields
            let read: [Int] = [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second]
            let made: [Int] = [year, month, day, hour, minute, second]
            #expect(read == made)
            #expect(wall.startOfDay(isDate: true).fields.hour == 0)
            #expect(wall.endOfDay.fields.second == 59)
            #expect(wall.endOfDay.day == day)
        }
        #expect(MemoryLayout<WallDateTime>.stride == 16)
    }
}
