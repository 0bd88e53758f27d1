import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// `events(from:to:)` lists what the travel rules read: every occurrence, busy or not, with its
/// categories and the zones its times were written in.
@Suite(.removesScratchFolders) struct EventListingTests {
    private func listed(_ events: String, from: String, to: String) throws -> [ListedEvent] {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("trip.ics")
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vigord tests//EN\r\n" + events
            .split(separator: "\n", omittingEmptySubsequences: true).map { $0 + "\r\n" }.joined() + "END:VCALENDAR\r\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try service(.file(file.path), zone: "Europe/Berlin", name: "personal").events(from: utc(from), to: utc(to))
    }

    @Test func listsAllDayFreeEventsWithTheirCategories() throws {
        let events = try listed("""
            BEGIN:VEVENT
            UID:trip
            DTSTAMP:20261101T000000Z
            DTSTART;VALUE=DATE:20261124
            DTEND;VALUE=DATE:20261127
            SUMMARY:Lisbon
            CATEGORIES:Travel,Holiday
            END:VEVENT
            """, from: "2026-11-23T00:00Z", to: "2026-11-30T00:00Z")
        #expect(events == [ListedEvent(
            source: "personal", summary: "Lisbon", categories: ["Travel", "Holiday"], start: utc("2026-11-23T23:00Z"),
            end: utc("2026-11-26T23:00Z"), isAllDay: true, hasAttendees: false, isBusy: false, startZone: nil, endZone: nil)])
    }

    @Test func aFlightKeepsBothZonesWithTheirOffsets() throws {
        let events = try listed("""
            BEGIN:VEVENT
            UID:lh400
            DTSTAMP:20261101T000000Z
            DTSTART;TZID=Europe/Berlin:20261124T101500
            DTEND;TZID=America/New_York:20261124T130000
            SUMMARY:Flight LH400
            ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org
            END:VEVENT
            """, from: "2026-11-24T00:00Z", to: "2026-11-25T00:00Z")
        let flight = try #require(events.first)
        #expect(flight.startZone == ListedEvent.Zone(name: "Europe/Berlin", offsetSeconds: 3600))
        #expect(flight.endZone == ListedEvent.Zone(name: "America/New_York", offsetSeconds: -5 * 3600))
        #expect(flight.start == utc("2026-11-24T09:15Z"))
        #expect(flight.end == utc("2026-11-24T18:00Z"))
        #expect(flight.hasAttendees)
    }

    @Test func cancelledOccurrencesAreLeftOutAndRecurrencesExpanded() throws {
        let events = try listed("""
            BEGIN:VEVENT
            UID:standup
            DTSTAMP:20261101T000000Z
            DTSTART;TZID=Asia/Tokyo:20261124T090000
            DURATION:PT15M
            RRULE:FREQ=DAILY;COUNT=3
            SUMMARY:Tokyo standup
            END:VEVENT
            BEGIN:VEVENT
            UID:dropped
            DTSTAMP:20261101T000000Z
            DTSTART:20261124T120000Z
            DTEND:20261124T130000Z
            STATUS:CANCELLED
            SUMMARY:Cancelled
            END:VEVENT
            """, from: "2026-11-23T00:00Z", to: "2026-11-30T00:00Z")
        #expect(events.map(\.summary) == ["Tokyo standup", "Tokyo standup", "Tokyo standup"])
        #expect(events.map(\.startZone?.offsetSeconds) == [9 * 3600, 9 * 3600, 9 * 3600])
        #expect(events.first?.start == utc("2026-11-24T00:00Z"))
        #expect(events.allSatisfy { $0.isRecurring })
    }

    @Test func anOverriddenInstanceIsRecurringAndAOneOffIsNot() throws {
        let events = try listed("""
            BEGIN:VEVENT
            UID:dinner
            DTSTAMP:20261101T000000Z
            DTSTART:20261124T180000Z
            DTEND:20261124T190000Z
            RRULE:FREQ=WEEKLY;COUNT=2
            SUMMARY:Family dinner
            END:VEVENT
            BEGIN:VEVENT
            UID:dinner
            DTSTAMP:20261101T000000Z
            RECURRENCE-ID:20261201T180000Z
            DTSTART:20261201T190000Z
            DTEND:20261201T200000Z
            SUMMARY:Family dinner, later
            END:VEVENT
            BEGIN:VEVENT
            UID:dentist
            DTSTAMP:20261101T000000Z
            DTSTART:20261125T080000Z
            DTEND:20261125T090000Z
            SUMMARY:Dentist
            END:VEVENT
            """, from: "2026-11-23T00:00Z", to: "2026-12-07T00:00Z")
        let recurring = Dictionary(events.map { ($0.summary, $0.isRecurring) }, uniquingKeysWith: { $0 && $1 })
        #expect(recurring == ["Family dinner": true, "Family dinner, later": true, "Dentist": false])
    }
}
