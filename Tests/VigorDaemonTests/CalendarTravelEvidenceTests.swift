import CivilCalendar
import ICalendarKit
import Foundation
import TestPrograms
import GhostEngine
import GhostScheduling
import Testing

@testable import VigorDaemon
@testable import CalendarPlanning

private let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

private func event(
    _ summary: String, _ start: String, _ end: String, allDay: Bool = false, attendees: Bool = false,
    startZone: ListedEvent.Zone? = nil, endZone: ListedEvent.Zone? = nil
) throws -> ListedEvent {
    ListedEvent(
        source: "personal", summary: summary, categories: [], start: try instant(start), end: try instant(end), isAllDay: allDay,
        hasAttendees: attendees, startZone: startZone, endZone: endZone ?? startZone)
}

private func travelDays(_ events: [ListedEvent]) throws -> [String] {
    try TravelDetector.travelDays(from: CalendarTravelEvidence.evidence(from: events, home: berlin), home: berlin, rules: TravelRules())
        .map(\.day.description)
}

private let tokyo = ListedEvent.Zone(name: "Asia/Tokyo", offsetSeconds: 9 * 3600)
private let newYork = ListedEvent.Zone(name: "America/New_York", offsetSeconds: -5 * 3600)
private let home = ListedEvent.Zone(name: "Europe/Berlin", offsetSeconds: 3600)

@Test(.removesScratchFolders) func aMultiDayAllDayTripMarksEveryDayItCovers() throws {
    let trip = try event("Trip to Lisbon", "2026-11-23T23:00:00Z", "2026-11-26T23:00:00Z", allDay: true)
    #expect(try travelDays([trip]) == ["2026-11-24", "2026-11-25", "2026-11-26"])
}

@Test(.removesScratchFolders) func aMeetingSetInAColleaguesZoneIsNotTravel() throws {
    let call = try event("Sync with NY", "2026-11-24T15:00:00Z", "2026-11-24T16:00:00Z", attendees: true, startZone: newYork)
    #expect(try travelDays([call]).isEmpty)
}

@Test(.removesScratchFolders) func yourOwnPlansInAFarZoneAreTravel() throws {
    let dinner = try event("Dinner", "2026-11-25T10:00:00Z", "2026-11-25T12:00:00Z", startZone: tokyo)
    #expect(try travelDays([dinner]) == ["2026-11-25"])
}

@Test(.removesScratchFolders) func aFlightAcrossZonesIsTravelEvenWithAttendees() throws {
    let flight = try event(
        "LH400", "2026-11-24T09:15:00Z", "2026-11-24T18:00:00Z", attendees: true, startZone: home, endZone: newYork)
    let days = try TravelDetector.travelDays(
        from: CalendarTravelEvidence.evidence(from: [flight], home: berlin), home: berlin, rules: TravelRules())
    #expect(days.map(\.day.description) == ["2026-11-24"])
    #expect(days.first?.reasons == ["an event that crosses zones in America/New_York, 6 h from home"])
}

@Test(.removesScratchFolders) func aFlightCountsOnADayOfHomeEvents() throws {
    let flight = try event("LH710", "2026-11-24T11:00:00Z", "2026-11-24T21:30:00Z", startZone: home, endZone: tokyo)
    let standups = try ["07", "08", "09"].map { hour in
        try event("Focus", "2026-11-24T\(hour):00:00Z", "2026-11-24T\(hour):30:00Z", startZone: home)
    }
    #expect(try travelDays(standups + [flight]) == ["2026-11-24"])
}

@Test(.removesScratchFolders) func aTimedEventNamedLikeAFlightIsTravel() throws {
    let flight = try event("Flight to Oslo", "2026-11-27T07:00:00Z", "2026-11-27T09:00:00Z", startZone: home)
    #expect(try travelDays([flight]) == ["2026-11-27"])
}

@Test(.removesScratchFolders) func systemZoneComesFromTZOrTheLocaltimeLink() throws {
    #expect(SystemTimeZone.identifier(environment: ["TZ": ":Asia/Tokyo"]) == "Asia/Tokyo")
    let directory = try ScratchFolder.make("tz")
    defer { _ = try? FileManager.default.removeItem(atPath: directory) }
    let link = directory + "/localtime"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/Sao_Paulo")
    #expect(SystemTimeZone.identifier(environment: [:], localtime: link) == "America/Sao_Paulo")
    let copy = directory + "/copied"
    try Data("TZif".utf8).write(to: URL(fileURLWithPath: copy))
    #expect(SystemTimeZone.identifier(environment: [:], localtime: copy) == nil)
}

private let berlinHome = GeoPosition(latitude: 52.52, longitude: 13.405)
private let munich = GeoPosition(latitude: 48.1372, longitude: 11.5756)
private let potsdam = GeoPosition(latitude: 52.3906, longitude: 13.0645)

private func placedTravelDays(_ events: [ListedEvent], homePosition: GeoPosition?) throws -> [String] {
    try TravelDetector.travelDays(
        from: CalendarTravelEvidence.evidence(from: events, home: berlin, homePosition: homePosition), home: berlin, rules: TravelRules()
    ).map(\.day.description)
}

private func placed(_ summary: String, _ start: String, at position: GeoPosition?, attendees: Bool = false, busy: Bool = true) throws -> ListedEvent {
    var listed = try event(summary, start, start, attendees: attendees)
    listed.end = listed.start.addingTimeInterval(3600)
    listed.position = position
    listed.isBusy = busy
    return listed
}

@Test(.removesScratchFolders) func anEventFarFromHomeMarksItsDay() throws {
    let workshop = try placed("Client workshop", "2026-11-24T08:30:00Z", at: munich)
    #expect(try placedTravelDays([workshop], homePosition: berlinHome) == ["2026-11-24"])
}

@Test(.removesScratchFolders) func anEventNearHomeIsACommute() throws {
    let dinner = try placed("Dinner", "2026-11-24T18:00:00Z", at: potsdam)
    #expect(try placedTravelDays([dinner], homePosition: berlinHome).isEmpty)
}

@Test(.removesScratchFolders) func aMeetingFarAwayCountsButOneYouDeclinedDoesNot() throws {
    let accepted = try placed("Offsite", "2026-11-24T08:00:00Z", at: munich, attendees: true)
    let declined = try placed("Offsite", "2026-11-25T08:00:00Z", at: munich, attendees: true, busy: false)
    #expect(try placedTravelDays([accepted, declined], homePosition: berlinHome) == ["2026-11-24"])
}

@Test(.removesScratchFolders) func withoutAHomePlacesAreNotUsed() throws {
    let workshop = try placed("Client workshop", "2026-11-24T08:30:00Z", at: munich)
    #expect(try placedTravelDays([workshop], homePosition: nil).isEmpty)
}
