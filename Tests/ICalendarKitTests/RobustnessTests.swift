import CivilCalendar
import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

@Suite(.removesScratchFolders) struct RobustnessTests {
    private static let fixtures = ["google/ana.lopez@gmail.com.ics", "outlook/Calendar.ics", "apple/Home.ics",
                                   "thunderbird/Home.ics", "rfc5545/this-and-future.ics"]

    @Test(arguments: fixtures)
    func everyTruncationOfAFixtureEitherParsesOrFailsCleanly(_ fixture: String) throws {
        let text = try String(contentsOfFile: Fixture.path(fixture), encoding: .utf8)
        let bytes = Array(text.utf8)
        var failures = 0
        for cut in stride(from: 0, to: bytes.count, by: 53) {
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            switch ICSParser.parse(text: prefix, path: "cut-\(cut).ics") {
            case .success(let parsed):
                #expect(parsed.path == "cut-\(cut).ics")
            case .failure(let error):
                failures += 1
                #expect(error.description.hasPrefix("cut-\(cut).ics: "))
            }
        }
        // Every strict prefix lacks END:VCALENDAR, so each one must be rejected as truncated.
        #expect(failures == (bytes.count + 52) / 53)
    }

    @Test func garbageInsideEventsNeverCrashesTheExpansion() throws {
        let text = try String(contentsOfFile: Fixture.path("google/ana.lopez@gmail.com.ics"), encoding: .utf8)
        let mangled = text
            .replacingOccurrences(of: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", with: "RRULE:FREQ=WEEKLY;BYDAY=XX;COUNT=-4")
            .replacingOccurrences(of: "DTEND;TZID=Europe/Berlin:20260324T150000", with: "DTEND;TZID=Europe/Berlin:2026")
            .replacingOccurrences(of: "DURATION", with: "DURATION:P")
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let file = directory.appendingPathComponent("mangled.ics")
        try mangled.write(to: file, atomically: true, encoding: .utf8)
        let result = try service(.file(file.path), zone: "Europe/Berlin", addresses: ["ana.lopez@gmail.com"])
            .busy(from: utc("2026-03-23T00:00Z"), to: utc("2026-04-04T00:00Z"))
        let status = try #require(result.sources.first)
        #expect(status.ok)
        #expect(status.skipped.count == 2, "\(status.skipped)")
        #expect(!result.intervals.contains { $0.causes.contains { $0.summary == "Vendor pitch" } })
        #expect(result.intervals.contains { $0.causes.contains { $0.summary == "Physio" } })
    }

    @Test func concurrentQueriesOnSeparateServicesAgree() async throws {
        let expected = try service(.file(Fixture.path("apple/Home.ics")), zone: "America/New_York", addresses: ["ana@icloud.com"])
            .busy(from: utc("2026-10-26T04:00Z"), to: utc("2026-11-09T05:00Z")).intervals
        #expect(expected.count == 7)
        let results = try await withThrowingTaskGroup(of: [BusyInterval].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try service(.file(Fixture.path("apple/Home.ics")), zone: "America/New_York", addresses: ["ana@icloud.com"])
                        .busy(from: utc("2026-10-26T04:00Z"), to: utc("2026-11-09T05:00Z")).intervals
                }
            }
            var all: [[BusyInterval]] = []
            for try await intervals in group { all.append(intervals) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
