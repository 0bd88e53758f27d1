import CivilCalendar
import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct CodableTests {
    @Test func summaryAndRecordsRoundTripThroughJSONWithKindsAsKeys() throws {
        let outcome = runImport(try Fixture.url("export-skips.xml"))
        let summary = try #require(outcome.summary)
        let json = try JSONEncoder().encode(summary)
        #expect(try JSONDecoder().decode(HealthImportSummary.self, from: json) == summary)
        #expect(String(decoding: json, as: UTF8.self).contains("\"outOfRange\":6"))
        let records = try JSONDecoder().decode([HealthSample].self, from: JSONEncoder().encode(outcome.records))
        #expect(records == outcome.records)
    }
}
