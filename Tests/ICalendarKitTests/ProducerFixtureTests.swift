import CivilCalendar
import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Expected values below are worked out by hand from each fixture (see comments).
@Suite(.removesScratchFolders) struct ProducerFixtureTests {
    @Test func googleExportBusyIntervals() throws {
        // Configured zone New York, so the floating Dentist (08:00) must follow X-WR-TIMEZONE Berlin.
        let calendar = try service(.file(Fixture.path("google/ana.lopez@gmail.com.ics")), zone: "America/New_York",
                                   addresses: ["ana.lopez@gmail.com"])
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-04-04T00:00Z"))
        expectIntervals(result, [
            Expected("2026-03-23T08:30Z", "2026-03-23T08:45Z", "Team standup"),   // 09:30 CET
            Expected("2026-03-24T16:00Z", "2026-03-24T17:00Z", "Physio"),         // COUNT=3, 2nd; pitch declined
            Expected("2026-03-26T00:00Z", "2026-03-26T01:00Z", "Call with Tokyo"), // UTC; 25th is EXDATE
            Expected("2026-03-27T10:00Z", "2026-03-27T10:15Z", "Team standup"),   // override 11:00 CET
            Expected("2026-03-30T07:30Z", "2026-03-30T07:45Z", "Team standup"),   // 09:30 CEST after DST
            Expected("2026-03-31T06:00Z", "2026-03-31T07:00Z", "Dentist"),        // floating 08:00 CEST
            Expected("2026-03-31T15:00Z", "2026-03-31T16:00Z", "Physio"),         // 3rd and last
            Expected("2026-04-03T07:30Z", "2026-04-03T07:45Z", "Team standup"),   // 1 Apr cancelled
        ])
        #expect(result.unknownDays.isEmpty)
        #expect(result.sources == [SourceStatus(name: "cal", ok: true)])
    }

    @Test func outlookExportWithWindowsZoneNames() throws {
        let calendar = try CalendarService(sources: [
            CalendarSourceConfig(name: "work", location: .file(Fixture.path("outlook/Calendar.ics"))),
            CalendarSourceConfig(name: "exchange", location: .file(Fixture.path("outlook/exchange-published.ics"))),
        ], settings: CalendarSettings(timeZone: "Europe/Berlin"))
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-04-06T00:00Z"))
        expectIntervals(result, [
            Expected("2026-03-24T09:00Z", "2026-03-24T10:00Z", "Quarterly planning"), // 10:00 W. Europe (CET)
            Expected("2026-03-25T16:00Z", "2026-03-25T17:00Z", "Sync with Seattle"),  // 09:00 PDT, no VTIMEZONE
            Expected("2026-03-26T21:00Z", "2026-03-26T21:30Z", "1:1 with Sam"),       // moved to 17:00 EDT
            // Vacation 1–2 Apr all-day TRANSP:OPAQUE in Berlin; the 2 Apr 1:1 (16:00 EDT = 20:00Z,
            // exactly UNTIL) falls inside it.
            Expected("2026-03-31T22:00Z", "2026-04-02T22:00Z", "Vacation", "1:1 with Sam"),
        ])
        #expect(result.sources.allSatisfy { $0.ok })
    }

    @Test func appleExportAcrossFallBack() throws {
        let calendar = try service(.file(Fixture.path("apple/Home.ics")), zone: "America/New_York",
                                   addresses: ["ana@icloud.com"])
        let result = try calendar.busy(from: utc("2026-10-26T04:00Z"), to: utc("2026-11-09T05:00Z"))
        expectIntervals(result, [
            Expected("2026-10-27T20:00Z", "2026-10-27T20:45Z", "Piano lessons"),   // DURATION PT45M, EDT
            Expected("2026-10-29T23:00Z", "2026-10-30T01:00Z", "Choir rehearsal"), // 19:00 EDT
            Expected("2026-10-31T04:00Z", "2026-11-02T05:00Z", "Grandma visiting"), // 2 all-day days, 49 h
            Expected("2026-11-03T22:00Z", "2026-11-03T23:00Z", "Piano lessons"),   // RDATE PERIOD 17:00 EST /PT1H
            Expected("2026-11-05T21:00Z", "2026-11-05T21:45Z", "Piano lessons"),   // RDATE 16:00 EST + 45 min
            Expected("2026-11-06T00:00Z", "2026-11-06T02:00Z", "Choir rehearsal"), // still 19:00, now EST
            Expected("2026-11-06T23:00Z", "2026-11-07T00:00Z", "Book club"),       // Bob declined, Ana did not
        ])
    }

    @Test func thunderbirdExportSpringGapAndLengths() throws {
        let calendar = try service(.file(Fixture.path("thunderbird/Home.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-03-20T00:00Z"), to: utc("2026-04-20T00:00Z"))
        expectIntervals(result, [
            Expected("2026-03-21T09:00Z", "2026-03-21T10:00Z", "Yoga"),
            Expected("2026-03-28T09:00Z", "2026-03-28T10:00Z", "Yoga"),
            Expected("2026-03-29T01:30Z", "2026-03-29T02:30Z", "Night shift handover"), // 02:30 gap → 03:30 CEST
            Expected("2026-04-04T08:00Z", "2026-04-04T09:00Z", "Yoga"),                 // 10:00 CEST, COUNT=3
            Expected("2026-04-10T13:00Z", "2026-04-10T14:00Z", "Call with New York office"), // /mozilla.org/ prefix
            Expected("2026-04-14T08:00Z", "2026-04-14T09:30Z", "Dentist"),              // DURATION PT1H30M
            Expected("2026-04-15T22:00Z", "2026-04-16T22:00Z", "Moving day"),           // DATE, no DTEND: 1 day
        ])
    }

    @Test func thunderbirdFallBackOverlapUsesFirstOccurrence() throws {
        let calendar = try service(.file(Fixture.path("thunderbird/Home.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-10-24T00:00Z"), to: utc("2026-10-26T00:00Z"))
        // 02:30 happens twice on 25 Oct; the first is CEST (00:30Z). 03:00 is CET (02:00Z).
        expectIntervals(result, [Expected("2026-10-25T00:30Z", "2026-10-25T02:00Z", "Server maintenance")])
    }

    @Test func khalVdirReadsOnlyIcsFiles() throws {
        let calendar = try service(.vdir(Fixture.path("khal-vdir/personal")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-04-06T00:00Z"))
        expectIntervals(result, [
            Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist"),
            Expected("2026-03-25T11:30Z", "2026-03-25T12:30Z", "Lunch with Mia"), // floating → Berlin
            Expected("2026-03-27T15:00Z", "2026-03-27T16:00Z", "Weekly review"),
            Expected("2026-04-03T14:00Z", "2026-04-03T15:00Z", "Weekly review"),  // == UNTIL, included
        ])
    }

    @Test func vdirsyncerFolderOfCollectionsIsRead() throws {
        let calendar = try service(.vdir(Fixture.path("khal-vdir")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        expectIntervals(result, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
    }
}
