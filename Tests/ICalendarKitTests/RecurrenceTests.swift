import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct RecurrenceTests {
    @Test func thisAndFutureOverrideShiftsLaterInstances() throws {
        let calendar = try service(.file(Fixture.path("rfc5545/this-and-future.ics")), zone: "UTC")
        let result = try calendar.busy(from: utc("2026-03-01T00:00Z"), to: utc("2026-04-20T00:00Z"))
        // COUNT=6 Mondays 2 Mar–6 Apr; from 16 Mar on 14:00–15:00; 30 Mar moved to Tue 09:00.
        expectIntervals(result, [
            Expected("2026-03-02T10:00Z", "2026-03-02T11:00Z", "Weekly sync"),
            Expected("2026-03-09T10:00Z", "2026-03-09T11:00Z", "Weekly sync"),
            Expected("2026-03-16T14:00Z", "2026-03-16T15:00Z", "Weekly sync (afternoons from now on)"),
            Expected("2026-03-23T14:00Z", "2026-03-23T15:00Z", "Weekly sync (afternoons from now on)"),
            Expected("2026-03-31T09:00Z", "2026-03-31T09:30Z", "Weekly sync (moved to Tuesday)"),
            Expected("2026-04-06T14:00Z", "2026-04-06T15:00Z", "Weekly sync (afternoons from now on)"),
        ])
    }

    @Test func zonesDurationsAndDateRules() throws {
        let calendar = try service(.file(Fixture.path("rfc5545/zones-and-lengths.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-04-13T00:00Z"), to: utc("2026-04-23T00:00Z"))
        expectIntervals(result, [
            // Site visit 13 Apr (all-day, opaque; window clips the start), EXDATE drops 14 and 15.
            Expected("2026-04-13T00:00Z", "2026-04-13T22:00Z", "Site visit", "Vitamins"),
            Expected("2026-04-14T08:00Z", "2026-04-14T08:05Z", "Vitamins"),
            Expected("2026-04-15T08:00Z", "2026-04-15T08:05Z", "Vitamins"),
            Expected("2026-04-15T22:00Z", "2026-04-16T22:00Z", "Site visit", "Vitamins"), // UNTIL date inclusive
            Expected("2026-04-17T08:00Z", "2026-04-17T08:05Z", "Vitamins"),
            Expected("2026-04-17T10:00Z", "2026-04-17T11:00Z", "Call with Kathmandu office"), // +05:45, zoneinfo only
            Expected("2026-04-18T08:00Z", "2026-04-18T09:00Z", "Vitamins", "Rover check"),    // unknown TZID → Berlin
            Expected("2026-04-19T08:00Z", "2026-04-19T08:05Z", "Vitamins"),
            Expected("2026-04-19T22:00Z", "2026-04-21T22:00Z", "Conference", "Vitamins"),     // DATE + P2D
            Expected("2026-04-22T08:00Z", "2026-04-22T08:05Z", "Vitamins"),
        ])
        #expect(result.sources.first?.skipped.contains { $0.contains("Mars/Olympus_Mons") && $0.contains("zones-and-lengths.ics") } == true)
    }

    @Test func unboundedDailyRuleFromYear2000StopsAtWindowEnd() throws {
        let calendar = try service(.file(Fixture.path("rfc5545/zones-and-lengths.ics")), zone: "UTC")
        let result = try calendar.busy(from: utc("2099-12-30T00:00Z"), to: utc("2100-01-01T00:00Z"))
        expectIntervals(result, [
            Expected("2099-12-30T08:00Z", "2099-12-30T08:05Z", "Vitamins"),
            Expected("2099-12-31T08:00Z", "2099-12-31T08:05Z", "Vitamins"),
        ])
    }

    @Test func exdateRemovesOneInstance() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:ex@test
            DTSTART;TZID=Europe/Berlin:20260601T090000
            DTEND;TZID=Europe/Berlin:20260601T100000
            RRULE:FREQ=DAILY;COUNT=3
            EXDATE;TZID=Europe/Berlin:20260602T090000
            SUMMARY:Daily
            END:VEVENT
            """, from: "2026-06-01T00:00Z", to: "2026-06-05T00:00Z")
        expectIntervals(result, [
            Expected("2026-06-01T07:00Z", "2026-06-01T08:00Z", "Daily"),
            Expected("2026-06-03T07:00Z", "2026-06-03T08:00Z", "Daily"),
        ])
    }

    @Test func exdateInUTCMatchesZonedInstance() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:exutc@test
            DTSTART;TZID=America/New_York:20260601T090000
            DTEND;TZID=America/New_York:20260601T093000
            RRULE:FREQ=DAILY;COUNT=2
            EXDATE:20260601T130000Z
            SUMMARY:Check-in
            END:VEVENT
            """, from: "2026-06-01T00:00Z", to: "2026-06-03T00:00Z")
        expectIntervals(result, [Expected("2026-06-02T13:00Z", "2026-06-02T13:30Z", "Check-in")])
    }

    @Test func weeklyEventKeepsWallTimeAcrossNewYorkDST() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:weekly-ny@test
            DTSTART;TZID=America/New_York:20260302T090000
            DTEND;TZID=America/New_York:20260302T100000
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Planning
            END:VEVENT
            """, zone: "America/New_York", from: "2026-03-01T00:00Z", to: "2026-03-20T00:00Z")
        // 2 Mar EST (-5); 8 Mar DST starts; 9 and 16 Mar EDT (-4).
        expectIntervals(result, [
            Expected("2026-03-02T14:00Z", "2026-03-02T15:00Z", "Planning"),
            Expected("2026-03-09T13:00Z", "2026-03-09T14:00Z", "Planning"),
            Expected("2026-03-16T13:00Z", "2026-03-16T14:00Z", "Planning"),
        ])
    }

    @Test func dailyInstanceInsideSpringGapMovesForward() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:gap-daily@test
            DTSTART;TZID=Europe/Berlin:20260328T023000
            DURATION:PT30M
            RRULE:FREQ=DAILY;COUNT=3
            SUMMARY:Backup
            END:VEVENT
            """, from: "2026-03-27T00:00Z", to: "2026-04-01T00:00Z")
        // 28th CET; 29th 02:30 does not exist → 03:30 CEST (01:30Z); 30th CEST.
        expectIntervals(result, [
            Expected("2026-03-28T01:30Z", "2026-03-28T02:00Z", "Backup"),
            Expected("2026-03-29T01:30Z", "2026-03-29T02:00Z", "Backup"),
            Expected("2026-03-30T00:30Z", "2026-03-30T01:00Z", "Backup"),
        ])
    }

    @Test func allDayEventAcrossSpringForwardIsShorterThan48Hours() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:allday-dst@test
            DTSTART;VALUE=DATE:20260328
            DTEND;VALUE=DATE:20260330
            TRANSP:OPAQUE
            SUMMARY:Hiking weekend
            END:VEVENT
            """, from: "2026-03-27T00:00Z", to: "2026-04-01T00:00Z")
        expectIntervals(result, [Expected("2026-03-27T23:00Z", "2026-03-29T22:00Z", "Hiking weekend")])
    }

    @Test func untilInUTCStopsZonedSeriesAtThatInstant() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:until@test
            DTSTART;TZID=Europe/Berlin:20260601T090000
            DTEND;TZID=Europe/Berlin:20260601T100000
            RRULE:FREQ=DAILY;UNTIL=20260603T065959Z
            SUMMARY:Course
            END:VEVENT
            """, from: "2026-06-01T00:00Z", to: "2026-06-10T00:00Z")
        // 3 Jun 09:00 CEST is 07:00Z, one second after UNTIL: two instances only.
        expectIntervals(result, [
            Expected("2026-06-01T07:00Z", "2026-06-01T08:00Z", "Course"),
            Expected("2026-06-02T07:00Z", "2026-06-02T08:00Z", "Course"),
        ])
    }

    @Test func eventStartingBeforeWindowIsClipped() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:long@test
            DTSTART:20260601T220000Z
            DTEND:20260602T020000Z
            SUMMARY:Night drive
            END:VEVENT
            """, from: "2026-06-02T00:00Z", to: "2026-06-03T00:00Z")
        expectIntervals(result, [Expected("2026-06-02T00:00Z", "2026-06-02T02:00Z", "Night drive")])
    }

    @Test func durationOfOneDayOnTimedEventKeepsWallClockAcrossDST() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:p1d@test
            DTSTART;TZID=Europe/Berlin:20260328T120000
            DURATION:P1D
            SUMMARY:Retreat
            END:VEVENT
            """, from: "2026-03-27T00:00Z", to: "2026-04-01T00:00Z")
        // Nominal day: ends 29 Mar 12:00 CEST (10:00Z), 23 h later.
        expectIntervals(result, [Expected("2026-03-28T11:00Z", "2026-03-29T10:00Z", "Retreat")])
    }

    @Test func aFortnightlySundayRuleStartingOnASaturdayBeginsTheNextDay() throws {
        // RFC 5545 3.3.10: weeks start on WKST (Monday), so Sunday 4 April shares DTSTART's week.
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:fortnightly@test
            DTSTART;TZID=Europe/Berlin:20270403T100000
            DTEND;TZID=Europe/Berlin:20270403T110000
            RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=3
            SUMMARY:Choir
            END:VEVENT
            """, from: "2027-04-01T00:00Z", to: "2027-05-10T00:00Z")
        expectIntervals(result, [
            Expected("2027-04-03T08:00Z", "2027-04-03T09:00Z", "Choir"), // DTSTART itself
            Expected("2027-04-04T08:00Z", "2027-04-04T09:00Z", "Choir"),
            Expected("2027-04-18T08:00Z", "2027-04-18T09:00Z", "Choir"),
            Expected("2027-05-02T08:00Z", "2027-05-02T09:00Z", "Choir"),
        ])
    }

    @Test func anOverrideOfAnExcludedInstanceIsGoneWithIt() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:daily@test
            DTSTART;TZID=Europe/Berlin:20260601T090000
            DTEND;TZID=Europe/Berlin:20260601T100000
            RRULE:FREQ=DAILY;COUNT=3
            EXDATE;TZID=Europe/Berlin:20260602T090000
            SUMMARY:Daily
            END:VEVENT
            BEGIN:VEVENT
            UID:daily@test
            RECURRENCE-ID;TZID=Europe/Berlin:20260602T090000
            DTSTART;TZID=Europe/Berlin:20260602T140000
            DTEND;TZID=Europe/Berlin:20260602T150000
            SUMMARY:Daily, moved
            END:VEVENT
            """, from: "2026-06-01T00:00Z", to: "2026-06-04T00:00Z")
        expectIntervals(result, [
            Expected("2026-06-01T07:00Z", "2026-06-01T08:00Z", "Daily"),
            Expected("2026-06-03T07:00Z", "2026-06-03T08:00Z", "Daily"),
        ])
    }

    @Test func aDateExdateOnATimedSeriesRemovesThatDaysChangedOccurrenceToo() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:daily@test
            DTSTART;TZID=Europe/Berlin:20260601T090000
            DTEND;TZID=Europe/Berlin:20260601T100000
            RRULE:FREQ=DAILY;COUNT=3
            EXDATE;VALUE=DATE:20260602
            SUMMARY:Daily
            END:VEVENT
            BEGIN:VEVENT
            UID:daily@test
            RECURRENCE-ID;TZID=Europe/Berlin:20260602T090000
            DTSTART;TZID=Europe/Berlin:20260602T140000
            DTEND;TZID=Europe/Berlin:20260602T150000
            SUMMARY:Daily, moved
            END:VEVENT
            """, from: "2026-06-01T00:00Z", to: "2026-06-04T00:00Z")
        expectIntervals(result, [
            Expected("2026-06-01T07:00Z", "2026-06-01T08:00Z", "Daily"),
            Expected("2026-06-03T07:00Z", "2026-06-03T08:00Z", "Daily"),
        ])
    }

    @Test func aThisAndFutureMoveShiftsLaterInstancesOnTheWallClockAcrossDST() throws {
        // Moved from Saturday 28 March 09:00 CET to Sunday 29 March 09:00 CEST: a day later on the wall
        // clock (23 h), so every later instance moves a day and stays at 09:00.
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:run@test
            DTSTART;TZID=Europe/Berlin:20260326T090000
            DTEND;TZID=Europe/Berlin:20260326T100000
            RRULE:FREQ=DAILY;COUNT=6
            SUMMARY:Run
            END:VEVENT
            BEGIN:VEVENT
            UID:run@test
            RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260328T090000
            DTSTART;TZID=Europe/Berlin:20260329T090000
            DTEND;TZID=Europe/Berlin:20260329T100000
            SUMMARY:Run, a day later
            END:VEVENT
            """, from: "2026-03-25T00:00Z", to: "2026-04-03T00:00Z")
        expectIntervals(result, [
            Expected("2026-03-26T08:00Z", "2026-03-26T09:00Z", "Run"),
            Expected("2026-03-27T08:00Z", "2026-03-27T09:00Z", "Run"),
            Expected("2026-03-29T07:00Z", "2026-03-29T08:00Z", "Run, a day later"),
            Expected("2026-03-30T07:00Z", "2026-03-30T08:00Z", "Run, a day later"),
            Expected("2026-03-31T07:00Z", "2026-03-31T08:00Z", "Run, a day later"),
            Expected("2026-04-01T07:00Z", "2026-04-01T08:00Z", "Run, a day later"),
        ])
    }
}

@Suite(.removesScratchFolders) struct CrossZoneTests {
    @Test func dtendOnAnotherClockKeepsTheRealLength() throws {
        // Flight: departs 22:00 in Los Angeles (PDT, 05:00Z), lands 17:00 in Tokyo next day (08:00Z).
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:flight@test
            DTSTART;TZID=America/Los_Angeles:20260601T220000
            DTEND;TZID=Asia/Tokyo:20260603T170000
            SUMMARY:Flight LAX-HND
            END:VEVENT
            """, from: "2026-06-03T07:00Z", to: "2026-06-03T12:00Z")
        expectIntervals(result, [Expected("2026-06-03T07:00Z", "2026-06-03T08:00Z", "Flight LAX-HND")])
    }
}
