import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Outlook and Exchange write a zone as a Windows id ("W. Europe Standard Time"), as its display name
/// ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "(GMT+01:00) …" in older versions) or in a short
/// form ("Western/Central Europe"), with no VTIMEZONE: each is read in the zone it names. A TZID nothing resolves is
/// read in the configured zone, and the source status says so once, with the TZID, file, line and first event.
@Suite(.removesScratchFolders) struct DisplayNameZoneTests {
    @Test func everyWindowsIdAndDisplayNameNamesAZoneTheSystemKnows() {
        for (windows, iana) in WindowsZoneTable.mapping {
            #expect(ZoneResolver.builtin(iana) != nil && ZoneResolver.builtin(windows) != nil, "\(windows) → \(iana)")
        }
        for (display, windows) in WindowsZoneDisplayNames.names {
            #expect(WindowsZoneTable.mapping[windows] != nil, "\(display) names \(windows), which the table lacks")
            #expect(WindowsZoneTable.ianaName(forWindowsName: "(UTC+00:00) " + display) == WindowsZoneTable.mapping[windows], "\(display)")
        }
    }

    @Test func aDisplayNameIsFoundWhateverItsPrefixCaseAndSpacing() {
        for spelling in [
            "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "(GMT+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
            "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "(UTC+01:00)  amsterdam,  Berlin, Bern, Rome, Stockholm, VIENNA ",
            "\"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna\"", "Western/Central Europe", "W. Europe Standard Time",
        ] {
            #expect(WindowsZoneTable.ianaName(forWindowsName: spelling) == "Europe/Berlin", "\(spelling)")
        }
        #expect(WindowsZoneTable.ianaName(forWindowsName: "(UTC) Dublin, Edinburgh, Lisbon, London") == "Europe/London")
        #expect(WindowsZoneTable.ianaName(forWindowsName: "(UTC+05:45) Kathmandu") == "Asia/Katmandu")
        #expect(WindowsZoneTable.ianaName(forWindowsName: "(UTC+01:00) Atlantis") == nil)
        // Windows' Central Asia zone stays at +06:00; Almaty, its old CLDR zone, moved to +05:00 in March 2024.
        #expect(WindowsZoneTable.ianaName(forWindowsName: "Central Asia Standard Time") == "Asia/Bishkek")
    }

    @Test func eventsInDisplayNamedZonesAreReadInTheZoneTheyName() throws {
        let calendar = try service(.file(Fixture.path("outlook/display-name-zones.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-04-13T00:00Z"), to: utc("2026-04-20T00:00Z"))
        expectIntervals(result, [
            Expected("2026-04-15T07:00Z", "2026-04-15T08:00Z", "Budget review"),
            Expected("2026-04-16T12:00Z", "2026-04-16T13:00Z", "Design critique"),
            Expected("2026-04-17T13:00Z", "2026-04-17T14:00Z", "Call with New York"),  // 09:00 EDT
        ])
        // Read from New York, the same meetings stay where they are.
        let elsewhere = try service(.file(Fixture.path("outlook/display-name-zones.ics")), zone: "America/New_York")
        #expect(try elsewhere.busy(from: utc("2026-04-13T00:00Z"), to: utc("2026-04-20T00:00Z")).intervals == result.intervals)
    }

    @Test func anUnknownTZIDIsReadInTheConfiguredZoneAndReportedOnceWithItsFirstEvent() throws {
        let path = Fixture.path("outlook/display-name-zones.ics")
        let berlin = try service(.file(path), zone: "Europe/Berlin").busy(from: utc("2026-04-20T00:00Z"), to: utc("2026-04-24T00:00Z"))
        expectIntervals(berlin, [
            Expected("2026-04-20T08:00Z", "2026-04-20T09:30Z", "Quarterly planning"),  // Western/Central Europe
            Expected("2026-04-21T08:00Z", "2026-04-21T09:00Z", "Sync with Tokyo"),     // 17:00 in Tokyo
            Expected("2026-04-22T06:00Z", "2026-04-22T07:00Z", "Offsite"),             // 08:00 in the configured zone
            Expected("2026-04-23T06:00Z", "2026-04-23T06:30Z", "Offsite follow-up"),
        ])
        let status = try #require(berlin.sources.first)
        #expect(status.ok)
        let reports = status.skipped.filter { $0.contains("Company Standard Time") }
        #expect(reports.count == 1, "\(status.skipped)")
        let report = try #require(reports.first)
        #expect(report.hasPrefix(path + ":"), "\(report)")
        #expect(report.contains("(VEVENT UID=unknown-zone@vigord-fixture)") && report.contains("read in the configured zone"), "\(report)")
        #expect(status.skipped.count == 1, "only the unknown TZID is reported: \(status.skipped)")
        let newYork = try service(.file(path), zone: "America/New_York").busy(from: utc("2026-04-22T00:00Z"), to: utc("2026-04-23T00:00Z"))
        expectIntervals(newYork, [Expected("2026-04-22T12:00Z", "2026-04-22T13:00Z", "Offsite")])
    }
}
