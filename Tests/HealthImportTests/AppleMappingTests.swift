import CivilCalendar
import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct AppleMappingTests {
    let outcome: ImportOutcome

    init() throws {
        outcome = runImport(try Fixture.url("export-mapping.xml"))
    }

    @Test func mappingFixtureImportsWithoutErrorOrSkips() throws {
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.format == .appleHealthXML)
        #expect(summary.imported == [.sleep: 10, .hrv: 2, .restingHeartRate: 2, .steps: 1, .workout: 4])
        #expect(summary.skipped.isEmpty)
        #expect(summary.examples.isEmpty)
        #expect(summary.bytesRead == Int64(try Fixture.bytes("export-mapping.xml").count))
    }

    @Test func otherTypesAndTopLevelElementsAreCountedAsIgnored() throws {
        // ExportDate, Me, 2 HeartRate, ActiveEnergy, 2 blood pressure, Correlation, ActivitySummary, ClinicalRecord
        #expect(try #require(outcome.summary).ignored == 10)
    }

    @Test func recordsInsideACorrelationAreNotDeliveredTwice() {
        #expect(!outcome.records.contains { $0.source == "Tom’s iPhone" })
    }

    @Test func everyAppleSleepValueMapsToItsStage() {
        let sleep = outcome.records.filter { $0.kind == .sleep }
        #expect(sleep.map(\.detail) == ["inBed", "core", "deep", "rem", "awake", "asleep", "asleep", "inBed", "asleep", "awake"])
        #expect(sleep.map(\.value) == [450, 45, 45, 30, 5, 60, 25, 480, 450, 10])
    }

    @Test func sleepRecordCarriesSourceStartAndEnd() throws {
        let first = try #require(outcome.records.first)
        #expect(first == HealthSample(
            kind: .sleep, source: "Tom’s Apple Watch", start: instant("2026-03-22T23:10:00+01:00"),
            end: instant("2026-03-23T06:40:00+01:00"), value: 450, detail: "inBed"))
    }

    @Test func oldNumericSleepValuesMapToInBedAsleepAwake() {
        let oura = outcome.records.filter { $0.source == "Oura & Co" }
        #expect(oura.map(\.detail) == ["inBed", "asleep", "awake"])
        #expect(oura.first?.start == instant("2019-05-01T23:00:00+02:00"))
    }

    @Test func hrvInMillisecondsAndSecondsBecomesMilliseconds() {
        let hrv = outcome.records.filter { $0.kind == .hrv }
        #expect(hrv.count == 2)
        #expect(hrv.first?.value == 48.5)
        #expect(abs((hrv.last?.value ?? 0) - 52) < 1e-9)
        #expect(hrv.last?.start == instant("2026-03-23T12:00:00-05:00"))
    }

    @Test func numericCharacterReferencesDecodeInSourceNames() {
        let hrv = outcome.records.filter { $0.kind == .hrv }
        #expect(hrv.map(\.source) == ["Tom’s Apple Watch", "Tom’s Apple Watch"])
    }

    @Test func restingHeartRateInCountPerSecondBecomesBeatsPerMinute() {
        #expect(outcome.records.filter { $0.kind == .restingHeartRate }.map(\.value) == [52, 60])
    }

    @Test func namedEntitiesDecodeInAttributeValues() {
        let steps = outcome.records.filter { $0.kind == .steps }
        #expect(steps.map(\.source) == ["Q&A <Lab> \"x\" 'y'"])
        #expect(steps.map(\.value) == [8000])
    }

    @Test func workoutActivityBecomesCamelCaseSuffix() {
        let workouts = outcome.records.filter { $0.kind == .workout }
        #expect(workouts.map(\.detail) == ["running", "highIntensityIntervalTraining", "cycling", "yoga"])
    }

    @Test func workoutDurationConvertsMinutesSecondsHoursOrFallsBackToEndMinusStart() {
        #expect(outcome.records.filter { $0.kind == .workout }.map(\.value) == [30, 30, 90, 45])
    }

    @Test func workoutEnergyComesFromTotalEnergyBurnedOrWorkoutStatistics() {
        let energy = outcome.records.filter { $0.kind == .workout }.map(\.energyKilocalories)
        #expect(energy == [250.5, 320, 1046 / 4.184, 300])
    }

    @Test func progressEndsWithAllBytes() throws {
        let last = try #require(outcome.progress.last)
        #expect(last.0 == last.1)
        #expect(last.0 == Int64(try Fixture.bytes("export-mapping.xml").count))
    }

    @Test func batchesHoldAtMostBatchSizeRecordsInFileOrder() throws {
        let small = runImport(try Fixture.url("export-mapping.xml"), batchSize: 4)
        #expect(small.batchSizes == [4, 4, 4, 4, 3])
        #expect(small.records == outcome.records)
    }
}
