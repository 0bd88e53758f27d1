import CivilCalendar
import Foundation
import TestPrograms
import Testing

@testable import Store

@Suite(.removesScratchFolders)
struct HealthSampleTests {
    private let night = Date(timeIntervalSince1970: 1_795_300_000)

    private func sleepSegment(_ minutes: Double, source: String = "Apple Watch", offset: TimeInterval = 0) -> HealthSample {
        HealthSample(
            kind: .sleep, source: source, start: night.addingTimeInterval(offset),
            end: night.addingTimeInterval(offset + minutes * 60), value: minutes, detail: "core")
    }

    @Test func importingTheSameSamplesTwiceAddsNothing() throws {
        let database = try AppDatabase.inMemory()
        let samples = [sleepSegment(90), sleepSegment(60, offset: 5_400)]
        #expect(try database.insertHealthSamples(samples).added == 2)
        let again = try database.insertHealthSamples(samples)
        #expect(again.added == 0 && again.duplicates == 2)
        #expect(try database.healthSampleCounts() == ["sleep": 2])
    }

    @Test func theSameIntervalFromAnotherSourceIsKept() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.insertHealthSamples([sleepSegment(90)])
        #expect(try database.insertHealthSamples([sleepSegment(90, source: "Oura")]).added == 1)
    }

    @Test func onlyNewWorkoutsAreReportedWithTheirIds() throws {
        let database = try AppDatabase.inMemory()
        let run = HealthSample(
            kind: .workout, source: "Apple Watch", start: night, end: night.addingTimeInterval(1_800), value: 30,
            detail: "running", energyKilocalories: 250)
        let first = try database.insertHealthSamples([run, sleepSegment(60)])
        #expect(first.addedWorkouts.map(\.sample) == [run] && first.addedWorkouts.allSatisfy { $0.rowID > 0 })
        #expect(try database.insertHealthSamples([run]).addedWorkouts.isEmpty)
    }

    @Test func samplesAreReadByTheirEndInAHalfOpenWindow() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.insertHealthSamples([sleepSegment(60), sleepSegment(60, offset: 3_600), sleepSegment(60, offset: 7_200)])
        let read = try database.healthSamples(
            kind: .sleep, endingFrom: night.addingTimeInterval(7_200), to: night.addingTimeInterval(10_800))
        #expect(read.map(\.end) == [night.addingTimeInterval(7_200)])
    }

    @Test func importsAreRecordedAndExportedWithTheSamples() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.insertHealthSamples([sleepSegment(60)])
        _ = try database.recordHealthImport(HealthImportRun(
            file: "/tmp/export.zip", format: "appleHealthZip", startedAt: night, finishedAt: night, added: 1,
            duplicates: 0, skipped: 2, error: nil, summary: Data("{}".utf8)))
        let exported = try database.exportAll()
        #expect(exported.healthSamples.count == 1)
        #expect(exported.healthImports.map(\.skipped) == [2])
        #expect(try database.healthImports(limit: 5).first?.file == "/tmp/export.zip")
    }

    @Test func purgeDeletesHealthDataToo() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.insertHealthSamples([sleepSegment(60)])
        try database.purgeAll(replacingStateWith: Data("{}".utf8), at: night)
        #expect(try database.healthSampleCounts().isEmpty)
    }
}
