import CivilCalendar
import Foundation
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

/// A sample that starts after the time of the import is refused, counted with its line and reason, and the rest of the
/// file is read as it would have been without it.
@Suite(.removesScratchFolders) struct FutureSampleTests {
    @Test func aSampleStartingAfterTheTimeOfTheImportIsRefusedWithItsLineAndTheRestIsRead() throws {
        let lines = [
            #"{"type":"hrv","start":"2026-11-25T06:40:00+01:00","value":48,"unit":"ms","source":"phone"}"#,
            #"{"type":"hrv","start":"2026-11-26T06:40:00+01:00","value":51,"unit":"ms","source":"phone"}"#,
            #"{"type":"restingHeartRate","start":"2026-11-25T07:00:00+01:00","value":52,"unit":"bpm","source":"phone"}"#,
        ]
        let url = try temporaryFile(Data((lines.joined(separator: "\n") + "\n").utf8), name: "phone.jsonl")
        let outcome = runImport(url, now: instant("2026-11-25T07:10:00+01:00"))
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.skipped == [.future: 1])
        let refused = try #require(summary.examples.first)
        #expect(refused.line == 2 && refused.reason == .future)
        #expect(refused.message == "hrv starting 2026-11-26T05:40:00Z is after the time of the import, 2026-11-25T06:10:00Z: "
            + "is the device's clock ahead?")
        #expect(outcome.records.map(\.kind) == [.hrv, .restingHeartRate])
        #expect(summary.imported == [.hrv: 1, .restingHeartRate: 1])
    }

    @Test func aSampleStartingAtTheTimeOfTheImportIsTaken() throws {
        let line = #"{"type":"hrv","start":"2026-11-25T07:10:00+01:00","value":48,"unit":"ms","source":"phone"}"#
        let url = try temporaryFile(Data((line + "\n").utf8), name: "now.jsonl")
        let outcome = runImport(url, now: instant("2026-11-25T07:10:00+01:00"))
        #expect(outcome.summary?.skipped == [:])
        #expect(outcome.records.count == 1)
    }

    @Test func aDatabaseReadHalfWayThroughItsDaysLosesNothingBeforeNow() throws {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        _ = try GadgetbridgeDatabaseGenerator(seed: 3).write(to: url, days: 20)
        let whole = runImport(url)
        #expect(whole.summary?.skipped == [:])
        let starts = whole.records.map(\.start).sorted()
        let now = try #require(starts.dropFirst(starts.count / 2).first)
        let read = runImport(url, now: now)
        #expect(read.error == nil)
        #expect(read.records == whole.records.filter { $0.start <= now })
        #expect(read.summary?.skipped == [.future: whole.records.filter { $0.start > now }.count])
    }
}
