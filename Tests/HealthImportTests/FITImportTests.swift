import Foundation
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct FITImportTests {
    private static let workouts = FITWorkoutGenerator(seed: 5).workouts(count: 2)

    private func importFIT(_ data: Data, name: String = "activity.fit") throws -> ImportOutcome {
        runImport(try temporaryFile(data, name: name))
    }

    @Test(arguments: [
        FITActivityWriter(), FITActivityWriter(manufacturer: 32, bigEndian: true),
        FITActivityWriter(manufacturer: 294, includeRecords: true), FITActivityWriter(bigEndian: true, includeRecords: true),
    ])
    func writerFilesDecodeToOneWorkoutPerSession(writer: FITActivityWriter) throws {
        let outcome = try importFIT(writer.file(Self.workouts))
        #expect(outcome.error == nil)
        #expect(outcome.summary?.format == .fit)
        #expect(outcome.records.count == 2)
        for (record, workout) in zip(outcome.records, Self.workouts) {
            #expect(record.kind == .workout)
            #expect(record.start == workout.start)
            #expect(record.end == workout.start.addingTimeInterval(Double(workout.elapsedSeconds)))
            #expect(record.value == Double(workout.timerSeconds) / 60)
            #expect(record.energyKilocalories == workout.calories.map(Double.init))
        }
        #expect(outcome.records.first?.source == ["Garmin", "Wahoo", "COROS"][[1, 32, 294].firstIndex(of: Int(writer.manufacturer)) ?? 0])
    }

    @Test(arguments: [
        (UInt8(1), UInt8(0), "running"), (2, 6, "cycling"), (5, 17, "swimming"), (11, 0, "walking"), (17, 0, "hiking"),
        (10, 20, "traditionalStrengthTraining"), (10, 43, "yoga"), (4, 15, "elliptical"), (62, 0, "highIntensityIntervalTraining"),
        (10, 0, "other"), (200, 0, "other"),
    ])
    func sportsMapToVigordsActivityNames(sport: UInt8, subSport: UInt8, activity: String) throws {
        var workout = Self.workouts[0]
        workout.sport = sport
        workout.subSport = subSport
        let outcome = try importFIT(FITActivityWriter().file([workout]))
        #expect(outcome.records.map(\.detail) == [activity])
    }

    @Test func aFileWithABadChecksumIsRefusedAsDamaged() throws {
        var bytes = [UInt8](FITActivityWriter().file(Self.workouts))
        bytes[40] ^= 0x01
        let outcome = try importFIT(Data(bytes))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.message.contains("checksum does not match") == true)
        #expect(outcome.records.isEmpty)
    }

    @Test func aTruncatedFileKeepsTheCompleteSessionsAndSaysWhereItStopped() throws {
        let bytes = [UInt8](FITActivityWriter().file(Self.workouts))
        // The activity message (last) and the second session are cut: 2 CRC + activity data 14 + its definition 24 + 5 of the session.
        let cut = Data(bytes.prefix(bytes.count - 2 - 14 - 24 - 5))
        let outcome = try importFIT(cut)
        #expect(outcome.error?.kind == .truncated)
        #expect(outcome.error?.message.contains("the FIT file is truncated (1 complete session kept)") == true)
        #expect(outcome.records.count == 1)
        #expect(outcome.error?.summary?.imported[.workout] == 1)
    }

    @Test func aDefinitionOf255FieldsOf255BytesFailsCleanly() throws {
        var messages: [UInt8] = [0x40, 0, 0, 18, 0, 255]
        for number in 0..<255 { messages += [UInt8(number), 255, 0x0D] }
        messages += [0x00, 1, 2, 3]
        let outcome = try importFIT(FITActivityWriter.file(messages: messages))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.message.contains("runs past the data size") == true)
    }

    @Test func aDataMessageBeforeAnyDefinitionIsMalformed() throws {
        let outcome = try importFIT(FITActivityWriter.file(messages: [0x03, 1, 2, 3]))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.message.contains("before any definition") == true)
    }

    @Test func aFileWithZeroDataSizeImportsNothingAndIsComplete() throws {
        let outcome = try importFIT(FITActivityWriter.file(messages: []))
        #expect(outcome.error == nil)
        #expect(outcome.records.isEmpty)
    }

    @Test func anEmptyFileNamedFitEndsInsideTheHeader() throws {
        let outcome = try importFIT(Data(), name: "empty.fit")
        #expect(outcome.error?.kind == .truncated)
    }

    @Test func endlessZeroSizeMessagesEndWithTheFile() throws {
        let messages: [UInt8] = [0x40, 0, 0, 20, 0, 0] + [UInt8](repeating: 0x00, count: 100_000)
        let outcome = try importFIT(FITActivityWriter.file(messages: messages))
        #expect(outcome.error == nil)
        #expect(outcome.records.isEmpty)
    }

    @Test func aSessionLongerThanADayIsSkippedAsOutOfRange() throws {
        var workout = Self.workouts[0]
        workout.elapsedSeconds = 2 * 86_400
        workout.timerSeconds = 2 * 86_400
        let outcome = try importFIT(FITActivityWriter().file([workout]))
        #expect(outcome.error == nil)
        #expect(outcome.summary?.skipped == [.outOfRange: 1])
        #expect(outcome.summary?.examples.first?.message.hasPrefix("session message") == true)
    }

    @Test func reimportingAFileGivesTheSameRecords() throws {
        let url = try temporaryFile(FITActivityWriter(includeRecords: true).file(Self.workouts), name: "a.fit")
        let first = runImport(url)
        #expect(first.error == nil)
        #expect(first.records.count == Self.workouts.count)
        #expect(first.records == runImport(url).records)
    }
}
