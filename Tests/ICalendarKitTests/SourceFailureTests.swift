import Foundation
import TestPrograms
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct SourceFailureTests {
    @Test func truncatedFileFailsAndItsDaysAreUnknown() throws {
        let path = Fixture.path("broken/truncated.ics")
        let calendar = try service(.file(path), zone: "Europe/Berlin", name: "google")
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-03-26T00:00Z"))
        #expect(result.intervals.isEmpty)
        // 23 Mar 01:00 CET … 26 Mar 01:00 CET touches four local days.
        #expect(result.unknownDays.map(\.description) == ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26"])
        let status = try #require(result.sources.first)
        #expect(!status.ok)
        #expect(status.error?.contains(path) == true)
        #expect(status.error?.contains("truncated") == true)
    }

    @Test func htmlErrorPageIsNotICalendar() throws {
        let path = Fixture.path("broken/error-page.ics")
        let calendar = try service(.file(path), zone: "UTC")
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-03-24T00:00Z"))
        #expect(result.unknownDays.map(\.description) == ["2026-03-23"])
        #expect(result.sources.first?.error == CalendarError.notICalendar(path: path).description)
    }

    @Test func partlyValidFileUsesValidEventsAndReportsSkipped() throws {
        let calendar = try service(.file(Fixture.path("broken/partly-valid.ics")), zone: "UTC")
        let result = try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-03-30T00:00Z"))
        expectIntervals(result, [Expected("2026-03-26T09:00Z", "2026-03-26T10:00Z", "Still counts")])
        #expect(result.unknownDays.isEmpty)
        let status = try #require(result.sources.first)
        #expect(status.ok)
        #expect(status.skipped.contains { $0.contains("partly-valid.ics:4 (VEVENT UID=bad-start@broken.example): event skipped") })
        #expect(status.skipped.contains { $0.contains("partly-valid.ics:12 (VEVENT UID=bad-rule@broken.example): event skipped") })
        #expect(status.skipped.contains { $0.contains("this line is not iCalendar") })
        #expect(status.skipped.count == 3)
    }

    @Test func aFIFOInPlaceOfASourceFileFailsAtOnceNamingItsKind() throws {
        let folder = try ScratchFolder.make("fifo")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/work.ics"
        #expect(mkfifo(path, 0o600) == 0)
        let calendar = try service(.file(path), zone: "UTC")
        let result = try withinDeadline(10, "reading a FIFO source") {
            try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-03-24T00:00Z"))
        }
        #expect(result.unknownDays.map(\.description) == ["2026-03-23"])
        #expect(result.sources.first?.error?.contains("\(path): cannot read: it is a FIFO (named pipe), not a regular file") == true)
    }

    @Test func aFIFOInAVdirIsReadAsAFailureNotAWait() throws {
        let folder = try ScratchFolder.make("fifo-vdir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/event.ics", 0o600) == 0)
        let calendar = try service(.vdir(folder), zone: "UTC")
        let result = try withinDeadline(10, "reading a vdir with a FIFO") {
            try calendar.busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-03-24T00:00Z"))
        }
        #expect(result.sources.first?.ok == false)
        #expect(result.sources.first?.error?.contains("FIFO") == true)
    }

    @Test func missingSourceDoesNotBlockTheOthers() throws {
        let calendar = try CalendarService(sources: [
            CalendarSourceConfig(name: "gone", location: .file("/nonexistent/vigor/calendar.ics")),
            CalendarSourceConfig(name: "personal", location: .vdir(Fixture.path("khal-vdir/personal"))),
        ], settings: CalendarSettings(timeZone: "Europe/Berlin"))
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        expectIntervals(result, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
        #expect(result.unknownDays.map(\.description) == ["2026-03-24", "2026-03-25"])
        #expect(result.sources.map(\.ok) == [false, true])
        #expect(result.sources.first?.error?.contains("/nonexistent/vigor/calendar.ics: cannot read: no such file") == true)
    }

    @Test func missingVdirFolderFails() throws {
        let calendar = try service(.vdir("/nonexistent/vigor/vdir"), zone: "UTC")
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.ok == false)
        #expect(result.unknownDays.map(\.description) == ["2026-03-24"])
    }

    @Test func brokenFileInVdirFailsSourceButKeepsItsOtherEvents() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        try FileManager.default.copyItem(atPath: Fixture.path("khal-vdir/personal/5KQ3W8ZP2N7RDM1VYH4T6CJX.ics"),
                                         toPath: directory.appendingPathComponent("good.ics").path)
        try FileManager.default.copyItem(atPath: Fixture.path("broken/truncated.ics"),
                                         toPath: directory.appendingPathComponent("bad.ics").path)
        let calendar = try service(.vdir(directory.path), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-24T23:00Z"))
        expectIntervals(result, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
        #expect(result.unknownDays.map(\.description) == ["2026-03-24"])
        #expect(result.sources.first?.error?.contains("bad.ics") == true)
    }

    @Test func unknownSourceNameIsAnError() throws {
        let calendar = try service(.file(Fixture.path("apple/Home.ics")), zone: "UTC")
        #expect(throws: CalendarError.unknownSource("nope")) {
            try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"), source: "nope")
        }
    }
}
