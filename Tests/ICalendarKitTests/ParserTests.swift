import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct ParserTests {
    private func write(_ data: Data, name: String = "cal.ics") throws -> (URL, URL) {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent(name)
        try data.write(to: file)
        return (directory, file)
    }

    private func event(_ uid: String, _ start: String, _ summary: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\n"
    }

    @Test func twoCalendarsConcatenatedInOneFileAreBothRead() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event("a", "20260601T080000Z", "First") + "END:VCALENDAR\r\n"
            + "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event("b", "20260601T100000Z", "Second") + "END:VCALENDAR\r\n"
        let (directory, file) = try write(Data(text.utf8))
        defer { removeDirectory(directory) }
        let result = try service(.file(file.path), zone: "UTC").busy(from: utc("2026-06-01T00:00Z"), to: utc("2026-06-02T00:00Z"))
        expectIntervals(result, [
            Expected("2026-06-01T08:00Z", "2026-06-01T09:00Z", "First"),
            Expected("2026-06-01T10:00Z", "2026-06-01T11:00Z", "Second"),
        ])
    }

    @Test func latin1FileIsReadAndReported() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event("c", "20260601T080000Z", "Caf\u{E9}") + "END:VCALENDAR\r\n"
        let data = try #require(text.data(using: .isoLatin1))
        let (directory, file) = try write(data)
        defer { removeDirectory(directory) }
        let result = try service(.file(file.path), zone: "UTC").busy(from: utc("2026-06-01T00:00Z"), to: utc("2026-06-02T00:00Z"))
        #expect(result.intervals.first?.causes.first?.summary == "Café")
        #expect(result.sources.first?.skipped.contains { $0.hasSuffix("not UTF-8; read as Latin-1") } == true)
    }

    @Test func eventWithoutUIDIsUsedAndReported() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20260601T080000Z\r\nDURATION:PT1H\r\n"
            + "SUMMARY:Anonymous\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let (directory, file) = try write(Data(text.utf8))
        defer { removeDirectory(directory) }
        let result = try service(.file(file.path), zone: "UTC").busy(from: utc("2026-06-01T00:00Z"), to: utc("2026-06-02T00:00Z"))
        #expect(result.intervals.count == 1)
        #expect(result.sources.first?.skipped == ["\(file.path):3 (VEVENT): no UID; using the file position as its identity"])
    }

    @Test func danglingSymlinkInVdirFailsTheSource() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let link = directory.appendingPathComponent("gone.ics").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/target.ics")
        let result = try service(.vdir(directory.path), zone: "UTC").busy(from: utc("2026-06-01T00:00Z"), to: utc("2026-06-02T00:00Z"))
        #expect(result.sources.first?.ok == false)
        #expect(result.sources.first?.error == "\(link): cannot read: no such file")
        #expect(result.unknownDays.map(\.description) == ["2026-06-01"])
    }

    @Test func beginEventLinesCountPhysicalLines() {
        #expect(ICSParser.beginEventLines(in: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nX:1\r\n y\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\n") == [2, 6])
    }
}
