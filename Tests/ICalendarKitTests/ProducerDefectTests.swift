import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Shapes real producers write that RFC 5545 leaves broken or open; each fixture is written after one.
/// Expected values are worked out by hand (see comments).
@Suite(.removesScratchFolders) struct ProducerDefectTests {
    @Test func anRDatePeriodBesideARuleIsThatPeriodInItsZoneAndTheRuleGoesOn() throws {
        let calendar = try service(.file(Fixture.path("rfc5545/rdate-period-beside-rule.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2023-11-01T00:00Z"), to: utc("2024-04-01T00:00Z"))
        expectIntervals(result, [
            Expected("2023-11-07T17:00Z", "2023-11-07T18:00Z", "Board review"), // first Tuesday, 09:00 PST
            Expected("2023-12-05T17:00Z", "2023-12-05T18:00Z", "Board review"),
            Expected("2023-12-13T20:00Z", "2023-12-13T23:00Z", "Board review"), // the period, 12:00-15:00 PST
            Expected("2024-01-02T17:00Z", "2024-01-02T18:00Z", "Board review"),
            Expected("2024-02-06T17:00Z", "2024-02-06T18:00Z", "Board review"),
            Expected("2024-03-05T17:00Z", "2024-03-05T18:00Z", "Board review"), // fifth and last, still PST
        ])
        #expect(result.sources == [SourceStatus(name: "cal", ok: true)])
    }

    @Test func aZoneTheSystemKnowsFollowsTheSystemBeforeItsEmbeddedDefinitionStarts() throws {
        // The file's Europe/Berlin starts in October 2018 with TZOFFSETFROM +02:00; a December 2016 event is
        // still CET (+01:00), and the definition agrees with the system where it claims to hold.
        let calendar = try service(.file(Fixture.path("wordpress/club-events.ics")), zone: "America/New_York")
        let result = try calendar.busy(from: utc("2016-01-01T00:00Z"), to: utc("2020-01-01T00:00Z"))
        expectIntervals(result, [
            Expected("2016-12-05T18:00Z", "2016-12-05T20:00Z", "Christmas meeting"),     // 19:00 CET
            Expected("2017-07-15T08:00Z", "2017-07-15T10:00Z", "Summer fair"),           // 10:00 CEST
            Expected("2019-11-09T14:00Z", "2019-11-09T16:00Z", "Annual general meeting"), // 15:00 CET
        ])
        #expect(result.sources == [SourceStatus(name: "cal", ok: true)])
    }

    @Test func anEmbeddedZoneThatDisagreesWithTheSystemInsideItsRangeIsReportedAndTheSystemWins() throws {
        // "W. Europe Standard Time" is Europe/Berlin to the system (CEST in July); the file's definition
        // says +01:00 all year from 1601 on.
        let path = Fixture.path("outlook/zone-without-daylight-time.ics")
        let result = try service(.file(path), zone: "Europe/Berlin").busy(from: utc("2026-07-06T00:00Z"), to: utc("2026-07-11T00:00Z"))
        expectIntervals(result, [
            Expected("2026-07-08T07:00Z", "2026-07-08T15:00Z", "Team offsite"),
            Expected("2026-07-09T07:00Z", "2026-07-09T08:00Z", "Planning"),
        ])
        #expect(result.sources.first?.ok == true)
        #expect(result.sources.first?.skipped == [
            "\(path):12 (VEVENT UID=offsite-2026@fixtures.vigord): the file's VTIMEZONE \"W. Europe Standard Time\" puts "
                + "2026-07-08 09:00 at UTC+01:00, the system's zone Europe/Berlin at UTC+02:00; "
                + "times in \"W. Europe Standard Time\" follow the system's rules",
        ])
    }

    @Test func anEmbeddedZoneTheSystemDoesNotKnowIsUsed() throws {
        let result = try busy(events: """
            BEGIN:VTIMEZONE
            TZID:Office Time
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0330
            TZOFFSETTO:+0330
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:office-1
            DTSTART;TZID=Office Time:20260708T090000
            DTEND;TZID=Office Time:20260708T100000
            SUMMARY:Stand-up
            END:VEVENT
            """, from: "2026-07-08T00:00Z", to: "2026-07-09T00:00Z")
        expectIntervals(result, [Expected("2026-07-08T05:30Z", "2026-07-08T06:30Z", "Stand-up")])
        #expect(result.sources.first?.skipped == [])
    }

    @Test func anEventEndingBeforeItStartsIsBusyBetweenTheTwoAndListedAsRepaired() throws {
        // The producer kept DTSTART's date for DTEND: 23:00 to "00:30" the same day.
        let path = Fixture.path("broken/end-before-start.ics")
        let result = try service(.file(path), zone: "Europe/Berlin").busy(from: utc("2026-03-11T00:00Z"), to: utc("2026-03-14T00:00Z"))
        expectIntervals(result, [
            Expected("2026-03-11T23:30Z", "2026-03-12T22:00Z", "Late show"), // 00:30 to 23:00 CET: busy, not dropped
            Expected("2026-03-13T07:00Z", "2026-03-13T08:00Z", "Dentist"),
        ])
        #expect(result.sources.first?.ok == true)
        #expect(result.sources.first?.skipped == [
            "\(path):4 (VEVENT UID=late-show-91@fixtures.vigord): repaired: DTEND 20260312T003000 is before "
                + "DTSTART 20260312T230000; read from DTEND to DTSTART",
        ])
    }

    @Test func aNegativeDurationIsBusyForThatLongBeforeItsStartAndListedAsRepaired() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:backwards-1
            DTSTART;TZID=Europe/Berlin:20260312T100000
            DURATION:-PT1H
            SUMMARY:Backwards
            END:VEVENT
            """, from: "2026-03-12T00:00Z", to: "2026-03-13T00:00Z")
        expectIntervals(result, [Expected("2026-03-12T08:00Z", "2026-03-12T09:00Z", "Backwards")])
        #expect(result.sources.first?.skipped.count == 1)
        #expect(result.sources.first?.skipped.first?.hasSuffix(
            "(VEVENT UID=backwards-1): repaired: DURATION -PT1H is negative; read as the time that long before DTSTART 20260312T100000") == true)
    }

    @Test func holidaysMarkedBusyBlockTheirWholeDaysByDefault() throws {
        let calendar = try service(.file(Fixture.path("holidays/public-holidays.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-04-01T00:00Z"), to: utc("2026-04-08T00:00Z"))
        expectIntervals(result, [
            Expected("2026-04-02T22:00Z", "2026-04-03T22:00Z", "Good Friday"),
            Expected("2026-04-05T08:00Z", "2026-04-05T10:00Z", "Easter service"),
            Expected("2026-04-05T22:00Z", "2026-04-06T22:00Z", "Easter Monday"),
        ])
    }

    @Test func aSourceWhoseAllDayEventsAreNeverBusyLeavesHolidaysFreeButNotItsTimedEvents() throws {
        let calendar = try service(.file(Fixture.path("holidays/public-holidays.ics")), zone: "Europe/Berlin", allDay: .neverBusy)
        let result = try calendar.busy(from: utc("2026-04-01T00:00Z"), to: utc("2026-04-08T00:00Z"))
        expectIntervals(result, [Expected("2026-04-05T08:00Z", "2026-04-05T10:00Z", "Easter service")])
        // The holidays are still there for travel detection, only not busy.
        let listed = calendar.events(from: utc("2026-04-01T00:00Z"), to: utc("2026-04-08T00:00Z"))
        #expect(listed.filter(\.isAllDay).map { "\($0.summary) \($0.isBusy)" } == ["Good Friday false", "Easter Monday false"])
    }
}
