import Foundation
import TestPrograms
import HealthImport
import Testing
import ZIPFoundation

@Suite(.removesScratchFolders) struct ZipImportTests {
    @Test func zipImportReadsExportXMLAndNotExportCDAListedBeforeIt() throws {
        let zipped = runImport(try Fixture.url("export.zip"))
        let plain = runImport(try Fixture.url("export-mapping.xml"))
        #expect(zipped.error == nil)
        #expect(zipped.summary?.format == .appleHealthZip)
        #expect(zipped.records == plain.records)
        #expect(zipped.summary?.imported == plain.summary?.imported)
        #expect(zipped.summary?.ignored == plain.summary?.ignored)
    }

    @Test func zipProgressAndBytesCountUncompressedExportXML() throws {
        let zipped = runImport(try Fixture.url("export.zip"))
        let size = Int64(try Fixture.bytes("export-mapping.xml").count)
        #expect(zipped.summary?.bytesRead == size)
        #expect(zipped.progress.last.map { [$0.0, $0.1] } == [size, size])
    }

    @Test func zipWithoutExportXMLIsAFatalError() throws {
        let outcome = runImport(try Fixture.url("export-no-xml.zip"))
        #expect(outcome.error?.kind == .missingExportXML)
        #expect(outcome.error?.description.contains("apple_health_export/export.xml") == true)
    }

    @Test func truncatedExportInsideAZipNamesExportXMLAndLine() throws {
        let folder = URL(fileURLWithPath: try ScratchFolder.make("zip"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("apple_health_export"), withIntermediateDirectories: true)
        try Fixture.bytes("export-truncated.xml").write(to: folder.appendingPathComponent("apple_health_export/export.xml"))
        let zipURL = folder.appendingPathComponent("export.zip")
        let archive = try Archive(url: zipURL, accessMode: .create)
        try archive.addEntry(with: "apple_health_export/export.xml", relativeTo: folder, compressionMethod: .deflate)
        let outcome = runImport(zipURL)
        #expect(outcome.error?.kind == .truncated)
        #expect(outcome.error?.file == "export.xml")
        #expect(outcome.error?.line == 7)
        #expect(outcome.records.count == 3)
    }

    @Test func fileThatLooksLikeAZipButIsDamagedIsABadArchive() throws {
        let bytes = Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0x41, count: 200)
        let outcome = runImport(try temporaryFile(bytes, name: "export.zip"))
        #expect(outcome.error?.kind == .badArchive)
    }
}
