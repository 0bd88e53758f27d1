import CivilCalendar
import Foundation
@testable import HealthImport
import TestPrograms
import Testing

/// Feeds a document to the XML parser in chunks of `size` bytes and returns what it produced.
private func parseInChunks(_ bytes: [UInt8], size: Int) -> (records: [HealthSample], summary: HealthImportSummary, error: String?) {
    var parser = AppleHealthXMLParser()
    var collector = RecordCollector(batchSize: 1 << 30)
    var failure: String?
    do throws(ImportFault) {
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            let chunk = Array(bytes[start..<end])
            let result: Result<Void, ImportFault> = chunk.withUnsafeBytes { raw in
                Result { () throws(ImportFault) in try parser.feed(raw, into: &collector) }
            }
            try result.get()
            start = end
        }
        try parser.finish(into: &collector)
    } catch {
        failure = "\(error.kind) \(error.line ?? -1) \(error.message)"
    }
    return (collector.pending, collector.summary(format: .appleHealthXML, bytesRead: 0), failure)
}

@Suite(.removesScratchFolders) struct AppleStructureTests {
    @Test(arguments: ["export-mapping.xml", "export-skips.xml", "export-truncated.xml"])
    func everyChunkSizeFrom1To64GivesIdenticalOutput(fixture: String) throws {
        let bytes = [UInt8](try Fixture.bytes(fixture))
        let whole = parseInChunks(bytes, size: bytes.count)
        #expect(!whole.records.isEmpty)
        for size in 1...64 {
            let chunked = parseInChunks(bytes, size: size)
            #expect(chunked.records == whole.records, "chunk size \(size)")
            #expect(chunked.summary == whole.summary, "chunk size \(size)")
            #expect(chunked.error == whole.error, "chunk size \(size)")
        }
    }

    @Test func crlfLineEndingsGiveTheSameRecordsAndLineNumbers() throws {
        let lf = try Fixture.bytes("export-skips.xml")
        let crlf = Data(lf.split(separator: 0x0A, omittingEmptySubsequences: false).joined(separator: [0x0D, 0x0A]))
        let plain = runImport(try Fixture.url("export-skips.xml"))
        let windows = runImport(try temporaryFile(crlf, name: "export.xml"))
        #expect(plain.error == nil && windows.error == nil)
        #expect(!plain.records.isEmpty)
        #expect(windows.records == plain.records)
        #expect(windows.summary?.examples == plain.summary?.examples)
    }

    @Test func utf8ByteOrderMarkIsAccepted() throws {
        let withBOM = Data([0xEF, 0xBB, 0xBF]) + (try Fixture.bytes("export-mapping.xml"))
        let outcome = runImport(try temporaryFile(withBOM, name: "export.xml"))
        #expect(outcome.error == nil)
        #expect(outcome.records == runImport(try Fixture.url("export-mapping.xml")).records)
    }

    @Test func truncatedExportThrowsNamingTheLineAndKeepsRecordsBeforeIt() throws {
        let outcome = runImport(try Fixture.url("export-truncated.xml"))
        let error = try #require(outcome.error)
        #expect(error.kind == .truncated)
        #expect(error.line == 7)
        #expect(error.description == "export-truncated.xml line 7: the file ends inside <Record>: the export is truncated (4 records read before it)")
        #expect(outcome.records.map(\.value) == [100, 200, 300])
        #expect(error.summary?.imported == [.steps: 3])
        #expect(error.summary?.ignored == 1)
    }

    @Test func exportEndingBeforeHealthDataClosesIsTruncated() throws {
        let text = try String(decoding: Fixture.bytes("export-mapping.xml"), as: UTF8.self)
            .replacingOccurrences(of: "</HealthData>\n", with: "")
        let outcome = runImport(try temporaryFile(Data(text.utf8), name: "export.xml"))
        #expect(outcome.error?.kind == .truncated)
        #expect(outcome.error?.message.hasPrefix("the file ends before </HealthData> closes") == true)
        #expect(outcome.records.count == 19)
    }

    @Test func exportEndingInsideAWorkoutIsTruncatedAndTheWorkoutIsNotDelivered() throws {
        let text = """
        <HealthData>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="W" startDate="2026-03-23 18:00:00 +0100" endDate="2026-03-23 18:30:00 +0100">
          <MetadataEntry key="k" value="v"/>
        """
        let outcome = runImport(try temporaryFile(Data(text.utf8), name: "export.xml"))
        #expect(outcome.error?.kind == .truncated)
        #expect(outcome.error?.message.hasPrefix("the file ends inside <Workout>") == true)
        #expect(outcome.records.isEmpty)
    }

    @Test func mismatchedEndTagIsMalformedWithItsLine() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="W" unit="count" startDate="2026-03-23 08:00:00 +0100" endDate="2026-03-23 09:00:00 +0100" value="5">
         </Workout>
        </HealthData>
        """
        let outcome = runImport(try temporaryFile(Data(text.utf8), name: "export.xml"))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.line == 4)
        #expect(outcome.error?.message == "expected </Record> but found </Workout>")
        #expect(outcome.records.count == 1)
    }

    @Test func unquotedAttributeValueIsMalformedWithItsLine() throws {
        let text = "<HealthData>\n\n <Record type=HKQuantityTypeIdentifierStepCount/>\n</HealthData>\n"
        let outcome = runImport(try temporaryFile(Data(text.utf8), name: "export.xml"))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.line == 3)
        #expect(outcome.error?.message.contains("expected a quoted value for attribute type") == true)
    }

    @Test func documentWithAnotherRootIsNotAnAppleHealthExport() throws {
        let outcome = runImport(try temporaryFile(Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"></gpx>\n".utf8), name: "route.xml"))
        #expect(outcome.error?.kind == .malformed)
        #expect(outcome.error?.message.contains("not an Apple Health export") == true)
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16])
    func utf16ExportIsRejectedWithAnIconvHint(encoding: String.Encoding) throws {
        let text = try String(decoding: Fixture.bytes("export-mapping.xml"), as: UTF8.self)
        let data = try #require(text.data(using: encoding))
        let outcome = runImport(try temporaryFile(data, name: "export.xml"))
        #expect(outcome.error?.kind == .unsupportedEncoding)
        #expect(outcome.error?.description.contains("iconv -f UTF-16 -t UTF-8") == true)
        #expect(outcome.records.isEmpty)
    }

    @Test func errorsThrownByDeliverPropagateWrapped() throws {
        struct Full: Error {}
        let url = try Fixture.url("export-mapping.xml")
        do throws(HealthImportError) {
            _ = try HealthImporter(batchSize: 2).importFile(at: url) { _ in throw Full() }
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .deliveryFailed)
            #expect(error.underlying is Full)
        }
    }

    @Test func missingFileIsUnreadable() {
        let outcome = runImport(URL(fileURLWithPath: "/nonexistent/export.xml"))
        #expect(outcome.error?.kind == .unreadable)
        #expect(outcome.error?.file == "export.xml")
    }
}
