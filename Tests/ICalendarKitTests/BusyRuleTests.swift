import CivilCalendar
import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct BusyRuleTests {
    private let window = (from: "2026-06-01T00:00Z", to: "2026-06-02T00:00Z")

    private func single(_ extra: String, allDay: Bool = false) -> String {
        let times = allDay
            ? "DTSTART;VALUE=DATE:20260601\nDTEND;VALUE=DATE:20260602"
            : "DTSTART:20260601T100000Z\nDTEND:20260601T110000Z"
        return "BEGIN:VEVENT\nUID:rule@test\n\(times)\nSUMMARY:Thing\n\(extra)\nEND:VEVENT\n"
    }

    @Test func opaqueTimedEventIsBusy() throws {
        let result = try busy(events: single("TRANSP:OPAQUE"), from: window.from, to: window.to)
        expectIntervals(result, [Expected("2026-06-01T10:00Z", "2026-06-01T11:00Z", "Thing")])
    }

    @Test func transparentEventIsFree() throws {
        let result = try busy(events: single("TRANSP:TRANSPARENT"), from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func cancelledEventIsFree() throws {
        let result = try busy(events: single("STATUS:CANCELLED"), from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func declinedInvitationIsFree() throws {
        let result = try busy(events: single("ATTENDEE;PARTSTAT=DECLINED:MAILTO:Ana@Example.org"),
                              addresses: ["ana@example.org"], from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func invitationDeclinedBySomeoneElseIsBusy() throws {
        let result = try busy(events: single("ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.org"),
                              addresses: ["ana@example.org"], from: window.from, to: window.to)
        #expect(result.intervals.count == 1)
    }

    @Test func tentativeInvitationIsBusy() throws {
        let result = try busy(events: single("ATTENDEE;PARTSTAT=TENTATIVE:mailto:ana@example.org"),
                              addresses: ["ana@example.org"], from: window.from, to: window.to)
        #expect(result.intervals.count == 1)
    }

    @Test func allDayEventIsFreeByDefault() throws {
        let result = try busy(events: single("", allDay: true), from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func allDayEventIsBusyWhenSourceSaysSo() throws {
        let result = try busy(events: single("", allDay: true), zone: "UTC", allDay: .busy, from: window.from, to: window.to)
        expectIntervals(result, [Expected("2026-06-01T00:00Z", "2026-06-02T00:00Z", "Thing")])
    }

    @Test func allDayEventWithExplicitOpaqueIsBusy() throws {
        let result = try busy(events: single("TRANSP:OPAQUE", allDay: true), zone: "UTC", from: window.from, to: window.to)
        expectIntervals(result, [Expected("2026-06-01T00:00Z", "2026-06-02T00:00Z", "Thing")])
    }

    @Test func transparentAllDayStaysFreeEvenWhenSourceSaysBusy() throws {
        let result = try busy(events: single("TRANSP:TRANSPARENT", allDay: true), allDay: .busy, from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func timedEventWithoutEndIsZeroLengthAndFree() throws {
        let result = try busy(events: "BEGIN:VEVENT\nUID:z@test\nDTSTART:20260601T100000Z\nSUMMARY:Reminder\nEND:VEVENT\n",
                              from: window.from, to: window.to)
        #expect(result.intervals.isEmpty)
    }

    @Test func overlappingEventsMergeWithAllCauses() throws {
        let result = try busy(events: """
            BEGIN:VEVENT
            UID:a@test
            DTSTART:20260601T100000Z
            DTEND:20260601T110000Z
            SUMMARY:First
            END:VEVENT
            BEGIN:VEVENT
            UID:b@test
            DTSTART:20260601T103000Z
            DTEND:20260601T120000Z
            SUMMARY:Second
            END:VEVENT
            BEGIN:VEVENT
            UID:c@test
            DTSTART:20260601T120000Z
            DTEND:20260601T123000Z
            SUMMARY:Touching
            END:VEVENT
            BEGIN:VEVENT
            UID:d@test
            DTSTART:20260601T130000Z
            DTEND:20260601T140000Z
            SUMMARY:Separate
            END:VEVENT
            """, from: window.from, to: window.to)
        expectIntervals(result, [
            Expected("2026-06-01T10:00Z", "2026-06-01T12:30Z", "First", "Second", "Touching"),
            Expected("2026-06-01T13:00Z", "2026-06-01T14:00Z", "Separate"),
        ])
        #expect(result.intervals.first?.causes.first?.source == "cal")
    }

    @Test func causesNameEachSource() throws {
        let calendar = try CalendarService(sources: [
            CalendarSourceConfig(name: "work", location: .file(Fixture.path("outlook/Calendar.ics"))),
            CalendarSourceConfig(name: "personal", location: .vdir(Fixture.path("khal-vdir/personal"))),
        ], settings: CalendarSettings(timeZone: "Europe/Berlin"))
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.intervals.flatMap(\.causes) == [
            BusyCause(source: "work", summary: "Quarterly planning"),
            BusyCause(source: "personal", summary: "Dentist"),
        ])
        let onlyPersonal = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"), source: "personal")
        #expect(onlyPersonal.intervals.flatMap(\.causes) == [BusyCause(source: "personal", summary: "Dentist")])
        #expect(onlyPersonal.sources.map(\.name) == ["personal"])
    }
}
