import Foundation
import HealthExportGenerator
import Testing

/// `vigor-health-export` places its data on the clock it is given: by default it ends on the day before that clock's
/// date in its zone.
struct ExportDaysTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    @Test func theDefaultLastDayIsYesterdayInTheZoneOfTheClockNotInUTC() throws {
        // 00:30 in Berlin on Wednesday 2026-11-25 is still Tuesday 23:30 in UTC.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-24T23:30:00Z"))
        #expect(ExportDays.text(ExportDays.yesterday(now: now, zone: berlin)) == "2026-11-24")
        #expect(ExportDays.text(ExportDays.yesterday(now: now, zone: .gmt)) == "2026-11-23")
    }

    @Test func aDateIsReadOnlyWhenItExists() {
        #expect(ExportDays.day(iso: "2024-01-01") == 19_723)
        #expect(ExportDays.day(iso: "2026-02-30") == nil)
        #expect(ExportDays.day(iso: "yesterday") == nil)
    }
}
