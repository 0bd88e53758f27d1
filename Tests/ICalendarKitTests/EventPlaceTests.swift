import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Where events take place: GEO (RFC 5545) and Apple's X-APPLE-STRUCTURED-LOCATION, and the distances between places.
@Suite(.removesScratchFolders) struct EventPlaceTests {
    private func places(_ fixture: String, from: String, to: String) throws -> (events: [ListedEvent], skipped: [String]) {
        let calendar = try service(.file(Fixture.path(fixture)), zone: "Europe/Berlin")
        let events = calendar.events(from: utc(from), to: utc(to))
        return (events, calendar.sourceStatuses().flatMap(\.skipped))
    }

    @Test func appleStructuredLocationGivesTheEventsPlace() throws {
        let read = try places("apple/Work-places.ics", from: "2026-11-30T00:00Z", to: "2026-12-05T00:00Z")
        let byTitle = Dictionary(uniqueKeysWithValues: read.events.map { ($0.summary, $0.position) })
        #expect(byTitle["Client workshop"] == GeoPosition(latitude: 48.136293, longitude: 11.690982))
        #expect(byTitle["Dinner with Jonas"] == GeoPosition(latitude: 52.501873, longitude: 13.431681))
        #expect(byTitle["Review"] == .some(nil))
    }

    @Test func anAppleLocationThatIsNotAGeoURIIsReportedAndLeftOut() throws {
        let read = try places("apple/Work-places.ics", from: "2026-11-30T00:00Z", to: "2026-12-05T00:00Z")
        #expect(read.skipped.contains { $0.contains("X-APPLE-STRUCTURED-LOCATION geo:not-a-place ignored") })
        #expect(read.events.contains { $0.summary == "Review" })
    }

    @Test func geoGivesTheEventsPlaceAndWinsOverApplesLocation() throws {
        let read = try places("rfc5545/places.ics", from: "2026-12-07T00:00Z", to: "2026-12-11T00:00Z")
        let byTitle = Dictionary(uniqueKeysWithValues: read.events.map { ($0.summary, $0.position) })
        #expect(byTitle["Site visit"] == GeoPosition(latitude: 53.5453, longitude: 9.9666))
        #expect(byTitle["Standup"] == .some(nil))
        #expect(byTitle["Office day"] == GeoPosition(latitude: 52.5163, longitude: 13.3777))
    }

    @Test func aGeoOutOfRangeIsReportedAndTheEventStillCounts() throws {
        let read = try places("rfc5545/places.ics", from: "2026-12-07T00:00Z", to: "2026-12-11T00:00Z")
        #expect(read.skipped.contains { $0.contains("GEO") && $0.contains("ignored: latitude must lie within ±90") })
        let lab = try #require(read.events.first { $0.summary == "Lab visit" })
        #expect(lab.position == nil)
        #expect(lab.isBusy)
    }

    @Test func aDeclinedInvitationIsListedAsNotBusy() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("invite.ics")
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vigord tests//EN\r\nBEGIN:VEVENT\r\nUID:offsite\r\n"
            + "DTSTAMP:20261101T000000Z\r\nDTSTART:20261207T090000Z\r\nDTEND:20261207T170000Z\r\nSUMMARY:Offsite\r\n"
            + "GEO:48.1372;11.5756\r\nATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let calendar = try service(.file(file.path), zone: "Europe/Berlin", addresses: ["me@example.com"])
        let offsite = try #require(calendar.events(from: utc("2026-12-07T00:00Z"), to: utc("2026-12-08T00:00Z")).first)
        #expect(!offsite.isBusy)
        #expect(offsite.position != nil)
    }

    @Test func placesAreReadFromTextAndGeoURIs() {
        #expect(GeoPosition(text: "52.52, 13.405") == GeoPosition(latitude: 52.52, longitude: 13.405))
        #expect(GeoPosition(text: "-33.8688,151.2093") == GeoPosition(latitude: -33.8688, longitude: 151.2093))
        #expect(GeoPosition(geoURI: "geo:48.2010,16.3695,183;u=40") == GeoPosition(latitude: 48.201, longitude: 16.3695))
        #expect(GeoPosition(geoURI: "GEO:1,2") == GeoPosition(latitude: 1, longitude: 2))
        for wrong in ["52.52", "52.52, 13.405, 7", "north, east", "91, 0", "0, 181", "nan, 0", ""] {
            #expect(GeoPosition(text: wrong) == nil, "\(wrong)")
        }
        for wrong in ["52.52,13.405", "geo:52.52", "geo:1,2,3,4", "mailto:geo@example.com"] {
            #expect(GeoPosition(geoURI: wrong) == nil, "\(wrong)")
        }
    }

    @Test func distancesAreGreatCircleKilometres() throws {
        let berlin = try #require(GeoPosition(latitude: 52.5200, longitude: 13.4050))
        let munich = try #require(GeoPosition(latitude: 48.1372, longitude: 11.5756))
        let potsdam = try #require(GeoPosition(latitude: 52.3906, longitude: 13.0645))
        // Published great-circle distances: Berlin–Munich 504 km, Berlin–Potsdam 27 km.
        #expect(abs(berlin.kilometres(to: munich) - 504) < 2)
        #expect(abs(berlin.kilometres(to: potsdam) - 27) < 1)
        #expect(berlin.kilometres(to: munich) == munich.kilometres(to: berlin))
        #expect(berlin.kilometres(to: berlin) == 0)
        let north = try #require(GeoPosition(latitude: 90, longitude: 0))
        let south = try #require(GeoPosition(latitude: -90, longitude: 0))
        #expect(abs(north.kilometres(to: south) - Double.pi * GeoPosition.earthRadiusKilometres) < 0.001)
    }
}
