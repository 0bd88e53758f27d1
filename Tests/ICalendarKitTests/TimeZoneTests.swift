import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct TimeZoneTests {
    private func instant(_ wall: (Int, Int, Int, Int, Int), in zone: String) throws -> Date {
        let handle = try #require(ZoneResolver.builtin(zone))
        let converter = InstantConverter(floatingZone: handle)
        let time = WallDateTime(year: wall.0, month: wall.1, day: wall.2, hour: wall.3, minute: wall.4, second: 0, isDate: false)
        let seconds = converter.instant(of: time, in: handle)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    @Test func berlinSpringGapUsesOffsetBeforeTheGap() throws {
        #expect(try instant((2026, 3, 29, 2, 30), in: "Europe/Berlin") == utc("2026-03-29T01:30Z"))
    }

    @Test func berlinFallBackOverlapUsesFirstOccurrence() throws {
        #expect(try instant((2026, 10, 25, 2, 30), in: "Europe/Berlin") == utc("2026-10-25T00:30Z"))
        #expect(try instant((2026, 10, 25, 3, 0), in: "Europe/Berlin") == utc("2026-10-25T02:00Z"))
    }

    @Test func newYorkSpringGapUsesOffsetBeforeTheGap() throws {
        #expect(try instant((2026, 3, 8, 2, 30), in: "America/New_York") == utc("2026-03-08T07:30Z"))
    }

    @Test func newYorkFallBackOverlapUsesFirstOccurrence() throws {
        #expect(try instant((2026, 11, 1, 1, 30), in: "America/New_York") == utc("2026-11-01T05:30Z"))
        #expect(try instant((2026, 11, 1, 2, 0), in: "America/New_York") == utc("2026-11-01T07:00Z"))
    }

    @Test func windowsZoneNameMapsToIANA() {
        #expect(WindowsZoneTable.ianaName(forWindowsName: "W. Europe Standard Time") == "Europe/Berlin")
        #expect(WindowsZoneTable.ianaName(forWindowsName: "Eastern Standard Time") == "America/New_York")
        #expect(WindowsZoneTable.ianaName(forWindowsName: "Tokyo Standard Time") == "Asia/Tokyo")
        #expect(WindowsZoneTable.ianaName(forWindowsName: "Europe/Berlin") == nil)
    }

    @Test func windowsZoneNameResolvesThroughSystemZoneinfo() throws {
        #expect(try instant((2026, 7, 1, 9, 0), in: "Pacific Standard Time") == utc("2026-07-01T16:00Z"))
    }

    @Test func zoneOnlyInSystemZoneinfoResolves() throws {
        // No VTIMEZONE anywhere: only /usr/share/zoneinfo knows Kathmandu's +05:45.
        #expect(try instant((2026, 4, 17, 15, 45), in: "Asia/Kathmandu") == utc("2026-04-17T10:00Z"))
    }

    @Test func systemZonesFollowTheZoneinfoFilesEvenWhereLibicalMisreadsThem() throws {
        // Iran kept DST from 22 March to 22 September 2018 (+04:30); libical 3.0's conversion of the
        // zoneinfo file lost that year.
        #expect(try instant((2018, 6, 1, 9, 0), in: "Asia/Tehran") == utc("2018-06-01T04:30Z"))
        #expect(try instant((2018, 3, 22, 7, 30), in: "Asia/Tehran") == utc("2018-03-22T03:00Z"))
    }

    @Test func vendorPrefixedTZIDIsStripped() {
        #expect(ZoneResolver.stripVendorPrefix("/mozilla.org/20070129_1/America/New_York") == "America/New_York")
        #expect(ZoneResolver.stripVendorPrefix("/freeassociation.sourceforge.net/Tzfile/Europe/Berlin") == "Europe/Berlin")
        #expect(ZoneResolver.stripVendorPrefix("Europe/Berlin") == nil)
    }

    @Test func unknownConfiguredZoneIsRejected() {
        #expect(throws: CalendarError.unknownTimeZone("Mars/Olympus_Mons")) {
            try CalendarService(sources: [], settings: CalendarSettings(timeZone: "Mars/Olympus_Mons"))
        }
    }
}
