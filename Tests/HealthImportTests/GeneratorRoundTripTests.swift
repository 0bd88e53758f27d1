import CivilCalendar
import Foundation
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct GeneratorRoundTripTests {
    @Test func sameSeedGivesIdenticalBytesAndOtherSeedsDiffer() {
        let first = HealthExportGenerator(seed: 7).data(targetBytes: 300_000)
        let second = HealthExportGenerator(seed: 7).data(targetBytes: 300_000)
        let other = HealthExportGenerator(seed: 8).data(targetBytes: 300_000)
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.0 != other.0)
    }

    @Test func generatedExportImportsExactlyTheReportedRecords() throws {
        let generator = HealthExportGenerator(seed: 42)
        let (data, report) = generator.data(targetBytes: 2_500_000)
        #expect(report.bytes == Int64(data.count))
        let outcome = runImport(try temporaryFile(data, name: "export.xml"))
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        var expected: [HealthKind: Int] = [:]
        for (name, count) in report.expectedCounts {
            expected[try #require(HealthKind(rawValue: name))] = count
        }
        #expect(summary.imported == expected)
        #expect(summary.ignored == report.expectedIgnored)
        #expect(summary.skipped.isEmpty)
        #expect(expected[.workout, default: 0] > 0 && expected[.sleep, default: 0] > 0)
        for sample in report.samples {
            let match = outcome.records.first {
                $0.kind == sample.kind && $0.start == sample.start && $0.source == sample.source && $0.end == sample.end
            }
            #expect(match == sample)
        }
    }

    @Test func generatedExportHasAppleStructure() {
        let text = String(decoding: HealthExportGenerator(seed: 1).data(targetBytes: 1).0, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData ["))
        #expect(text.contains("<HeartRateVariabilityMetadataList>"))
        #expect(text.contains("sourceName=\"Tom’s Apple Watch\""))
        #expect(text.hasSuffix("</HealthData>\n"))
    }
}
