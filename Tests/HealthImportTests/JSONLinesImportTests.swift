import CivilCalendar
import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct JSONLinesImportTests {
    let outcome: ImportOutcome

    init() throws {
        outcome = runImport(try Fixture.url("sample.jsonl"))
    }

    private func reason(at line: Int) -> HealthSkipReason? {
        outcome.summary?.examples.first { $0.line == line }?.reason
    }

    @Test func goodLinesImportWithUnitsNormalised() throws {
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.format == .jsonLines)
        #expect(summary.imported == [.sleep: 2, .hrv: 2, .restingHeartRate: 1, .steps: 1, .workout: 2])
        #expect(outcome.records.first == HealthSample(
            kind: .sleep, source: "oura", start: instant("2026-03-22T23:10:00+01:00"),
            end: instant("2026-03-23T06:40:00+01:00"), value: 450, detail: "asleep"))
        let hrv = outcome.records.filter { $0.kind == .hrv }
        #expect(hrv.first?.value == 48)
        #expect(hrv.first?.end == hrv.first?.start)
        #expect(abs((hrv.last?.value ?? 0) - 52) < 1e-9)
        #expect(outcome.records.first { $0.kind == .steps }?.source == "Tom’s phone")
    }

    @Test func workoutDurationComesFromEndMinusStartAndKilojoulesBecomeKilocalories() {
        let workouts = outcome.records.filter { $0.kind == .workout }
        #expect(workouts.map(\.value) == [45, 60])
        #expect(workouts.map(\.detail) == ["running", "cycling"])
        #expect(workouts.map(\.energyKilocalories) == [320, 2092 / 4.184])
        #expect(workouts.last?.source == "unknown")
        #expect(workouts.last?.start == instant("2026-03-24T17:00:00Z").addingTimeInterval(0.5))
    }

    @Test func unknownTypeIsIgnored() {
        #expect(outcome.summary?.ignored == 1)
    }

    @Test func eachBadLineIsSkippedWithItsLineNumberAndReason() {
        #expect(reason(at: 11) == .badDate)
        #expect(reason(at: 12) == .outOfRange)
        #expect(reason(at: 13) == .badNumber)
        #expect(reason(at: 14) == .endBeforeStart)
        #expect(reason(at: 15) == .badUnit)
        #expect(reason(at: 16) == .missingField)
        #expect(reason(at: 17) == .unknownValue)
        #expect(reason(at: 18) == .malformedLine)
        #expect(reason(at: 19) == .malformedLine)
        #expect(reason(at: 20) == .badEncoding)
        #expect(outcome.summary?.skippedTotal == 10)
    }

    @Test func timestampWithoutOffsetSaysSo() {
        let message = outcome.summary?.examples.first { $0.line == 11 }?.message ?? ""
        #expect(message.contains("has no UTC offset"))
    }

    @Test func fileThatIsMostlyNotUTF8IsRejected() throws {
        let line = Data("{\"type\":\"steps\",\"start\":\"2026-03-23T08:00:00Z\",\"value\":5,\"source\":\"Ren".utf8) + Data([0xE9]) + Data("\"}\n".utf8)
        let outcome = runImport(try temporaryFile(line + line + line, name: "latin1.jsonl"))
        #expect(outcome.error?.kind == .unsupportedEncoding)
        #expect(outcome.error?.message.contains("iconv") == true)
    }
}
