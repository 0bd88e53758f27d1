import CivilCalendar
import Foundation
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

/// A re-read of a watched source delivers what starts from its window on, exactly as a whole import would have made it.
@Suite(.removesScratchFolders) struct ReReadWindowTests {
    @Test func aGadgetbridgeReReadGivesTheWholeImportsRecordsFromItsStartEvenMidNightAndMidHour() throws {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        _ = try GadgetbridgeDatabaseGenerator(seed: 5).write(to: url, days: 30)
        let whole = runImport(url)
        #expect(whole.error == nil)
        // Half-way through a sleep segment of the last week, which is also half-way through an hour of steps.
        let nights = whole.records.filter { $0.kind == .sleep }
        let night = try #require(nights.dropFirst(nights.count * 3 / 4).first { $0.end.timeIntervalSince($0.start) >= 3600 })
        let since = night.start.addingTimeInterval(night.end.timeIntervalSince(night.start) / 2)
        #expect(Int(since.timeIntervalSince1970) % 3600 != 0)

        let window = runImport(url, since: since)
        #expect(window.error == nil)
        let expected = whole.records.filter { $0.start >= since }
        #expect(!expected.isEmpty)
        #expect(Set(expected.map(\.kind)) == [.sleep, .steps, .workout, .restingHeartRate])
        #expect(window.records == expected)
        // Read from a day before the window, not from the first row: most of the month is never read.
        let summary = try #require(window.summary)
        #expect(summary.beforeWindow > 0)
        #expect(summary.beforeWindow < whole.records.count / 5)
    }

    @Test func aTextFileReReadDeliversOnlyWhatStartsInTheWindow() throws {
        let whole = runImport(try Fixture.url("sample.jsonl"))
        let since = try #require(whole.records.map(\.start).sorted().dropFirst(2).first)
        let window = runImport(try Fixture.url("sample.jsonl"), since: since)
        #expect(window.records == whole.records.filter { $0.start >= since })
        #expect(window.summary?.beforeWindow == whole.records.filter { $0.start < since }.count)
    }
}
