import Foundation
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct FormatDetectionTests {
    @Test(arguments: [
        ("export.zip", HealthFileFormat.appleHealthZip), ("export-mapping.xml", .appleHealthXML),
        ("sample.jsonl", .jsonLines), ("sample.csv", .csv),
    ])
    func fixturesAreDetectedByContent(fixture: String, format: HealthFileFormat) throws {
        #expect(try HealthImporter.detectFormat(of: Fixture.url(fixture)) == format)
    }

    @Test func contentWinsOverAMisleadingExtension() throws {
        let xmlNamedTxt = try temporaryFile(Fixture.bytes("export-mapping.xml"), name: "export.txt")
        #expect(try HealthImporter.detectFormat(of: xmlNamedTxt) == .appleHealthXML)
        let jsonNamedCSV = try temporaryFile(Fixture.bytes("sample.jsonl"), name: "data.csv")
        #expect(try HealthImporter.detectFormat(of: jsonNamedCSV) == .jsonLines)
    }

    @Test func leadingWhitespaceAndBOMDoNotHideXML() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("\n  <HealthData/>".utf8)
        #expect(try HealthImporter.detectFormat(of: temporaryFile(data, name: "x")) == .appleHealthXML)
    }

    @Test func utf16XMLIsDetectedAsXML() throws {
        let data = try #require("<?xml version=\"1.0\"?><HealthData/>".data(using: .utf16))
        #expect(try HealthImporter.detectFormat(of: temporaryFile(data, name: "export.xml")) == .appleHealthXML)
    }

    @Test func extensionBreaksTheTieForAnEmptyFile() throws {
        #expect(try HealthImporter.detectFormat(of: temporaryFile(Data(), name: "empty.csv")) == .csv)
    }

    @Test func sqliteMagicIsGadgetbridgeAndDotFITIsFIT() throws {
        let sqlite = Data("SQLite format 3".utf8) + Data(count: 200)
        #expect(try HealthImporter.detectFormat(of: temporaryFile(sqlite, name: "export.csv")) == .gadgetbridge)
        let fit = Data([14, 0x20, 0x54, 0x08, 0, 0, 0, 0]) + Data(".FIT".utf8) + Data([0, 0])
        #expect(try HealthImporter.detectFormat(of: temporaryFile(fit, name: "ride.bin")) == .fit)
        #expect(try HealthImporter.detectFormat(of: temporaryFile(Data(), name: "Gadgetbridge")) == .gadgetbridge)
        #expect(try HealthImporter.detectFormat(of: temporaryFile(Data(), name: "run.FIT")) == .fit)
    }

    @Test func unrecognisableContentIsAnUnknownFormatError() throws {
        let url = try temporaryFile(Data("hello world\n".utf8), name: "notes.txt")
        #expect(throws: HealthImportError.self) { try HealthImporter.detectFormat(of: url) }
        let outcome = runImport(url)
        #expect(outcome.error?.kind == .unknownFormat)
    }
}
