import CivilCalendar
import Foundation
import HealthImport
import TestPrograms
import Testing

/// Health Auto Export's JSON, as its automations write it (fixtures written from the app's published format).
@Suite(.removesScratchFolders) struct HealthAutoExportImportTests {
    let outcome: ImportOutcome

    init() throws {
        outcome = runImport(try Fixture.url("health-auto-export.json"))
    }

    private func reason(at entry: Int) -> HealthSkipReason? {
        outcome.summary?.examples.first { $0.line == entry }?.reason
    }

    @Test func aHealthAutoExportFileIsRecognisedByItsDataObject() throws {
        #expect(try HealthImporter.detectFormat(of: Fixture.url("health-auto-export.json")) == .healthAutoExport)
        #expect(try HealthImporter.detectFormat(of: Fixture.url("sample.jsonl")) == .jsonLines)
        #expect(outcome.summary?.format == .healthAutoExport)
    }

    @Test func metricsBecomeSamplesAtTheirDateWithTheirSource() throws {
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.imported == [.sleep: 2, .hrv: 1, .restingHeartRate: 1, .steps: 1, .workout: 2])
        let hrv = try #require(outcome.records.first { $0.kind == .hrv })
        #expect(hrv == HealthSample(
            kind: .hrv, source: "Tom’s Apple Watch", start: instant("2026-03-23T06:40:00+01:00"),
            end: instant("2026-03-23T06:40:00+01:00"), value: 48.5))
        let resting = try #require(outcome.records.first { $0.kind == .restingHeartRate })
        #expect(resting.value == 54)
        #expect(resting.source == "Health Auto Export")
        #expect(outcome.records.first { $0.kind == .steps }?.value == 8500)
    }

    @Test func anAggregatedNightIsItsTimeAsleepFromSleepStartOrItsTimeInBed() {
        let nights = outcome.records.filter { $0.kind == .sleep }
        #expect(nights.map(\.detail) == ["asleep", "inBed"])
        #expect(nights.map(\.value) == [435, 480])
        #expect(nights.first?.start == instant("2026-03-22T23:10:00+01:00"))
        #expect(nights.first?.end == instant("2026-03-23T06:25:00+01:00"))
    }

    @Test func workoutsKeepTheirDurationEnergyAndActivityInAppleWords() {
        let workouts = outcome.records.filter { $0.kind == .workout }
        #expect(workouts.map(\.detail) == ["running", "traditionalStrengthTraining"])
        #expect(workouts.map(\.value) == [45, 40])
        #expect(workouts.map(\.energyKilocalories) == [410, 1000 / 4.184])
        #expect(workouts.first?.start == instant("2026-03-23T17:00:00Z"))
    }

    @Test func otherMetricsAreIgnoredAndBadEntriesSkippedWithTheirNumber() {
        #expect(outcome.summary?.ignored == 1)
        #expect(reason(at: 2) == .outOfRange)
        #expect(reason(at: 4) == .badDate)
        #expect(reason(at: 11) == .endBeforeStart)
        #expect(outcome.summary?.skippedTotal == 3)
        let date = outcome.summary?.examples.first { $0.line == 4 }?.message ?? ""
        #expect(date.contains("2026-03-23 06:40:00 +0100"), "the message shows the form Health Auto Export writes: \(date)")
    }

    @Test func unaggregatedSleepKeepsEachStage() throws {
        let stages = runImport(try Fixture.url("health-auto-export-stages.json"))
        let sleep = stages.records.filter { $0.kind == .sleep }
        #expect(sleep.map(\.detail) == ["inBed", "core", "deep", "awake", "rem", "asleep"])
        #expect(sleep.map(\.value) == [20, 180, 60, 15, 90, 85])
        #expect(sleep.allSatisfy { $0.source == "Tom’s Apple Watch" })
        #expect(stages.summary?.examples.map(\.reason) == [.unknownValue])
    }

    @Test func aFileThatIsNotCompleteJSONIsRefusedAndNothingImported() throws {
        var bytes = try Fixture.bytes("health-auto-export.json")
        bytes.removeLast(bytes.count / 2)
        let cut = runImport(try temporaryFile(bytes, name: "HealthAutoExport-2026-03-23.json"))
        #expect(cut.error?.kind == .malformed)
        #expect(cut.records.isEmpty)
    }
}
