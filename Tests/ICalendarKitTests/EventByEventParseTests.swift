import Foundation
import Testing
@testable import ICalendarKit

/// A plain one-calendar file is parsed event by event (one event's libical tree at a time); what comes out is
/// what parsing the whole file in one tree gives.
@Suite struct EventByEventParseTests {
    /// Every event and issue of a parse, as text (records are compared field by field through their description).
    private func reading(_ result: Result<ParsedFile, CalendarError>) -> [String] {
        switch result {
        case .success(let parsed): parsed.events.map { "\($0)" } + parsed.issues.map(\.description)
        case .failure(let error): ["failed: \(error)"]
        }
    }

    private func fixtureFiles() throws -> [String] {
        let root = Fixture.packageRoot.appendingPathComponent("Fixtures").path
        let names = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { root + "/" + $0 }
    }

    @Test func everyFixtureCalendarReadsTheSameEventByEventAsWhole() throws {
        var eventByEvent = 0
        for path in try fixtureFiles() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard CalendarLayout.of(text) != nil else { continue }  // parsed whole anyway
            eventByEvent += 1
            #expect(reading(ICSParser.parse(text: text, path: path)) == reading(ICSParser.parseWhole(text: text, path: path)),
                    "\(path)")
        }
        #expect(eventByEvent >= 10)  // most fixtures have the plain shape, so the comparison above is not vacuous
    }

    @Test func eventsWithZonesAlarmsAndBrokenLinesReadTheSameEventByEventAsWhole() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            X-WR-TIMEZONE:America/New_York\r
            BEGIN:VTIMEZONE\r
            TZID:Office Time\r
            BEGIN:STANDARD\r
            DTSTART:19700101T000000\r
            TZOFFSETFROM:+0300\r
            TZOFFSETTO:+0300\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;TZID=Office Time:20260601T090000\r
            DTEND;TZID=Office Time:20260601T100000\r
            SUMMARY:Folded \r
             summary\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            BEGIN:VALARM\r
            TRIGGER:-PT10M\r
            ACTION:DISPLAY\r
            END:VALARM\r
            END:VEVENT\r
            begin:vevent\r
            UID:b\r
            DTSTART:20260602T090000\r
            DURATION:PT1H\r
            ATTENDEE;PARTSTAT=DECLINED:mailto:Ana@Example.com\r
            NONSENSE LINE\r
            end:vevent\r
            BEGIN:VEVENT\r
            UID:c\r
            DTSTART:2026-bad\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            DTSTART;VALUE=DATE:20260603\r
            SUMMARY:no uid\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        #expect(CalendarLayout.of(text)?.events.map(\.line) == [12, 24, 31, 35])
        let whole = reading(ICSParser.parseWhole(text: text, path: "mixed.ics"))
        #expect(reading(ICSParser.parse(text: text, path: "mixed.ics")) == whole)
        #expect(whole.count > 4)  // three events read, and issues about the broken ones
    }

    @Test func filesOfAnotherShapeAreParsedWhole() {
        let event = "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260601T080000Z\r\nEND:VEVENT\r\n"
        let two = "BEGIN:VCALENDAR\r\n\(event)END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n\(event)END:VCALENDAR\r\n"
        let unclosed = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VCALENDAR\r\n"
        let nested = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n\(event)END:VTODO\r\nEND:VCALENDAR\r\n"
        let outside = "PRODID:x\r\nBEGIN:VCALENDAR\r\n\(event)END:VCALENDAR\r\n"
        for text in [two, unclosed, nested, outside] {
            #expect(CalendarLayout.of(text) == nil, "\(text)")
        }
    }
}
