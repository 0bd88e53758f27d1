import CivilCalendar
import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct CSVImportTests {
    let outcome: ImportOutcome

    init() throws {
        outcome = runImport(try Fixture.url("sample.csv"))
    }

    private func reason(at line: Int) -> HealthSkipReason? {
        outcome.summary?.examples.first { $0.line == line }?.reason
    }

    @Test func goodRowsImportWithQuotedFields() throws {
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.format == .csv)
        #expect(summary.imported == [.sleep: 2, .hrv: 1, .restingHeartRate: 1, .steps: 1, .workout: 2])
        #expect(outcome.records.first { $0.kind == .steps }?.source == "Garmin, Forerunner")
        #expect(outcome.records.first { $0.kind == .workout }?.source == "Tom’s \"old\" watch")
    }

    @Test func quotedFieldMayContainANewline() {
        let rem = outcome.records.first { $0.detail == "rem" }
        #expect(rem?.source == "multi\nline source")
        #expect(rem?.value == 30)
    }

    @Test func workoutValueWithHourUnitBecomesMinutes() {
        #expect(outcome.records.filter { $0.kind == .workout }.map(\.value) == [45, 60])
    }

    @Test func badRowsAreSkippedWithTheLineWhereTheyStart() {
        #expect(reason(at: 10) == .outOfRange)
        #expect(reason(at: 11) == .badNumber)
        #expect(reason(at: 12) == .malformedLine)
        #expect(reason(at: 13) == .badDate)
        #expect(reason(at: 15) == .badEncoding)
        #expect(outcome.summary?.skippedTotal == 5)
        #expect(outcome.summary?.ignored == 1)
    }

    @Test func crlfAndByteOrderMarkGiveTheSameRecords() throws {
        let lf = try Fixture.bytes("sample.csv")
        let crlf = Data([0xEF, 0xBB, 0xBF]) + Data(lf.split(separator: 0x0A, omittingEmptySubsequences: false).joined(separator: [0x0D, 0x0A]))
        let windows = runImport(try temporaryFile(crlf, name: "sample.csv"))
        let quotedNewlineKept = windows.records.map { record in
            var copy = record
            copy.source = copy.source.replacingOccurrences(of: "\r\n", with: "\n")
            return copy
        }
        #expect(quotedNewlineKept == outcome.records)
        #expect(windows.records.contains { $0.source == "multi\r\nline source" })
        #expect(windows.summary?.examples == outcome.summary?.examples)
    }

    @Test func csvWithoutTheHeaderIsAFatalError() throws {
        let data = Data("sleep,2026-03-22T23:10:00+01:00,2026-03-23T06:40:00+01:00,,,oura,asleep\n".utf8)
        let outcome = runImport(try temporaryFile(data, name: "sleep.csv"))
        #expect(outcome.error?.kind == .missingHeader)
        #expect(outcome.error?.line == 1)
        #expect(outcome.error?.message.contains("type,start,end,value,unit,source,detail") == true)
    }

    @Test func headerMissingAColumnIsAFatalError() throws {
        let data = Data("type,start,end,value,unit,source\nsteps,2026-03-23T08:00:00Z,,5,count,x\n".utf8)
        let outcome = runImport(try temporaryFile(data, name: "steps.csv"))
        #expect(outcome.error?.kind == .missingHeader)
        #expect(outcome.error?.message.contains("lacks detail") == true)
    }

    @Test func columnsMayComeInAnyOrderWithOptionalEnergy() throws {
        let data = Data("source,detail,type,start,end,value,unit,energy,energyUnit\ng,running,workout,2026-03-23T18:00:00Z,2026-03-23T18:30:00Z,,,100,kcal\n".utf8)
        let outcome = runImport(try temporaryFile(data, name: "w.csv"))
        #expect(outcome.records == [HealthSample(
            kind: .workout, source: "g", start: instant("2026-03-23T18:00:00Z"), end: instant("2026-03-23T18:30:00Z"),
            value: 30, detail: "running", energyKilocalories: 100)])
    }
}
