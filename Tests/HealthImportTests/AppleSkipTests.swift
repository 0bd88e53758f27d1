import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct AppleSkipTests {
    let outcome: ImportOutcome

    init() throws {
        outcome = runImport(try Fixture.url("export-skips.xml"))
    }

    private func skipped(at line: Int) -> HealthSkippedRecord? {
        outcome.summary?.examples.first { $0.line == line }
    }

    @Test func badRecordsAreSkippedAndTheGoodOneStillImports() throws {
        #expect(outcome.error == nil)
        #expect(outcome.records.map(\.value) == [1234])
        let summary = try #require(outcome.summary)
        #expect(summary.skipped == [
            .outOfRange: 6, .badDate: 2, .badNumber: 1, .missingField: 1, .endBeforeStart: 1,
            .badUnit: 2, .badEncoding: 1, .unknownValue: 1,
        ])
    }

    @Test func onlyTheFirstTenSkippedRecordsAreKeptAsExamplesInFileOrder() throws {
        let examples = try #require(outcome.summary).examples
        #expect(examples.count == HealthImportSummary.exampleLimit)
        #expect(examples.map(\.line) == Array(3...12))
    }

    @Test func restingHeartRateOf900IsSkippedAsOutOfRange() {
        #expect(skipped(at: 3)?.reason == .outOfRange)
        #expect(skipped(at: 3)?.message.contains("900") == true)
    }

    @Test func sleepSegmentLongerThanADayIsSkippedAsOutOfRange() {
        #expect(skipped(at: 4)?.reason == .outOfRange)
    }

    @Test func hrvAbove300MillisecondsIsSkippedAsOutOfRange() {
        #expect(skipped(at: 5)?.reason == .outOfRange)
    }

    @Test func moreThan100000StepsInOneRecordIsSkippedAsOutOfRange() {
        #expect(skipped(at: 6)?.reason == .outOfRange)
    }

    @Test func dateWithoutAppleFormatIsSkippedAsBadDate() {
        #expect(skipped(at: 7)?.reason == .badDate)
        #expect(skipped(at: 7)?.message.contains("2026-03-23T06:00:00") == true)
    }

    @Test func impossibleCalendarDateIsSkippedAsBadDate() {
        #expect(skipped(at: 8)?.reason == .badDate)
    }

    @Test func nonNumericValueIsSkippedAsBadNumber() {
        #expect(skipped(at: 9)?.reason == .badNumber)
    }

    @Test func quantityWithoutValueIsSkippedAsMissingField() {
        #expect(skipped(at: 10)?.reason == .missingField)
    }

    @Test func endBeforeStartIsSkipped() {
        #expect(skipped(at: 11)?.reason == .endBeforeStart)
    }

    @Test func unknownUnitForAKnownTypeIsSkippedAsBadUnit() {
        #expect(skipped(at: 12)?.reason == .badUnit)
        #expect(skipped(at: 12)?.message.contains("bpm") == true)
    }

    /// Imports some lines of export-skips.xml (0-based indices) inside a fresh <HealthData>, so they start at line 2.
    private func importLines(_ indices: ClosedRange<Int>) throws -> ImportOutcome {
        let lines = try Fixture.bytes("export-skips.xml").split(separator: 0x0A, omittingEmptySubsequences: false)
        let body = Data(lines[indices].joined(separator: [0x0A]))
        let document = Data("<HealthData>\n".utf8) + body + Data("\n</HealthData>\n".utf8)
        return runImport(try temporaryFile(document, name: "export.xml"))
    }

    @Test func sourceNameThatIsNotUTF8IsSkippedAsBadEncoding() throws {
        let single = try importLines(12...12)
        #expect(single.summary?.skipped == [.badEncoding: 1])
        #expect(single.summary?.examples.first?.line == 2)
    }

    @Test func unknownSleepValueIsSkippedAsUnknownValue() throws {
        let single = try importLines(13...13)
        #expect(single.summary?.skipped == [.unknownValue: 1])
        #expect(single.summary?.examples.first?.line == 2)
    }

    @Test func workoutLongerThanADayOrWithNegativeEnergyIsSkippedAsOutOfRange() throws {
        let workouts = try importLines(15...19)
        #expect(workouts.summary?.skipped == [.outOfRange: 2, .badUnit: 1])
        #expect(workouts.summary?.examples.map(\.line) == [2, 3, 6])
    }
}
