import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct CacheTests {
    private func event(_ uid: String, hour: Int) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//vigord tests//EN\r
        BEGIN:VEVENT\r
        UID:\(uid)\r
        DTSTART:20260601T\(String(format: "%02d", hour))0000Z\r
        DTEND:20260601T\(String(format: "%02d", hour))3000Z\r
        SUMMARY:\(uid)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    @Test func unchangedSourcesAreNotReparsed() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        try event("a", hour: 8).write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try event("b", hour: 9).write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let calendar = try service(.vdir(directory.path), zone: "UTC")
        let from = utc("2026-06-01T00:00Z"), to = utc("2026-06-02T00:00Z")
        #expect(try calendar.busy(from: from, to: to).intervals.count == 2)
        #expect(calendar.parseCount == 2)
        #expect(try calendar.busy(from: from, to: to).intervals.count == 2)
        #expect(calendar.parseCount == 2)
        try event("b-moved", hour: 14).write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let changed = try calendar.busy(from: from, to: to)
        #expect(calendar.parseCount == 3)
        #expect(changed.intervals.map { $0.causes.map(\.summary) } == [["a"], ["b-moved"]])
    }

    @Test func aWindowLongerThanTheChunkCacheKeepsEveryChunk() throws {
        // Two years are 27 chunks of 28 days; the service keeps 24. A daily 08:00Z event must reach the end.
        let calendar = try service(.file(Fixture.path("rfc5545/zones-and-lengths.ics")), zone: "Europe/Berlin")
        let result = try calendar.busy(from: utc("2025-01-01T00:00Z"), to: utc("2027-01-01T00:00Z"))
        #expect(result.intervals.last.map { $0.start >= utc("2026-12-31T08:00Z") } == true,
                "last interval: \(result.intervals.last.map(render) ?? "none")")
    }

    @Test func removedFileLeavesTheSameWindowAnswer() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        try event("a", hour: 8).write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try event("b", hour: 9).write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let calendar = try service(.vdir(directory.path), zone: "UTC")
        let from = utc("2026-06-01T00:00Z"), to = utc("2026-06-02T00:00Z")
        #expect(try calendar.busy(from: from, to: to).intervals.count == 2)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("b.ics"))
        #expect(try calendar.busy(from: from, to: to).intervals.map { $0.causes.map(\.summary) } == [["a"]])
    }

    @Test func manyFilesParsedInParallelAllCount() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        for index in 0..<48 {
            try event("e\(index)", hour: index % 24).write(
                to: directory.appendingPathComponent("e\(index).ics"), atomically: true, encoding: .utf8)
        }
        let calendar = try service(.vdir(directory.path), zone: "UTC")
        let result = try calendar.busy(from: utc("2026-06-01T00:00Z"), to: utc("2026-06-02T00:00Z"))
        #expect(result.intervals.count == 24)
        #expect(result.intervals.allSatisfy { $0.causes.count == 2 })
        #expect(calendar.parseCount == 48)
    }
}
