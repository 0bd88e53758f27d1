import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigor-health-export`: what it writes is an export vigord imports whole, with the counts it printed;
/// bad arguments are refused with the reason.
@Suite(.removesScratchFolders, .serialized) struct HealthExportCommandTests {
    private static var command: String { Binaries.folder.appendingPathComponent("vigor-health-export").path }

    /// The records per kind the command printed: `(12 hrv, 3 restingHeartRate, …; 40 of other kinds)`.
    private static func printedCounts(_ output: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for match in output.matches(of: /(\d+) (sleep|hrv|restingHeartRate|steps|workout)\b/) {
            counts[String(match.output.2)] = Int(match.output.1)
        }
        return counts
    }

    @Test func aGeneratedExportZipImportsWholeWithTheCountsItPrinted() throws {
        let daemon = try DaemonHarness(label: "health-export")
        try daemon.start()
        let path = daemon.folder + "/export.zip"
        let written = try runCommand(Self.command, ["--megabytes", "0.5", "--seed", "7", path])
        #expect(written.status == 0, "\(written.stderr)")
        let printed = Self.printedCounts(written.stdout)
        #expect(printed["sleep", default: 0] > 0 && printed["workout", default: 0] > 0, "\(written.stdout)")

        let imported = try runCommand(Binaries.vigorctl, ["import", path, "--json", "--socket", daemon.socketPath])
        #expect(imported.status == 0, "\(imported.stderr)")
        let result = try RPCCoding.decode(HealthImportResult.self, from: try JSONParser.parse(Data(imported.stdout.utf8)))
        #expect(result.format == "appleHealthZip")
        #expect(result.complete && result.skipped == 0, "\(result)")
        #expect(result.records.filter { $0.value > 0 } == printed)
        #expect(result.added > 0)
    }

    @Test func theSameSeedAndSizeWriteTheSameExportXML() throws {
        let folder = try makeScratchFolder("health-export-xml")
        for name in ["first.xml", "second.xml"] {
            let written = try runCommand(Self.command, ["--megabytes", "0.2", "--seed", "3", folder + "/" + name])
            #expect(written.status == 0, "\(written.stderr)")
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/first.xml"))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: folder + "/second.xml"))))
        #expect(String(decoding: first.prefix(200), as: UTF8.self).contains("<!DOCTYPE HealthData"))
        try FileManager.default.removeItem(atPath: folder)
    }

    @Test func badArgumentsExitWith64AndSayWhatIsWrong() throws {
        let cases: [([String], String)] = [
            (["--megabytes", "0", "/tmp/export.xml"], "--megabytes must be more than 0"),
            (["--megabytes", "lots", "/tmp/export.xml"], "lots"),
            (["/tmp/export.txt"], "must end in .zip or .xml"),
            ([], "Missing expected argument"),
        ]
        for (arguments, reason) in cases {
            let outcome = try runCommand(Self.command, arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(reason), "\(arguments): \(outcome.stderr)")
        }
    }

    @Test func anOutputThatCannotBeWrittenExitsWith1AndNamesIt() throws {
        let outcome = try runCommand(Self.command, ["--megabytes", "0.1", "/nonexistent-folder/export.xml"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("cannot write /nonexistent-folder/export.xml"), "\(outcome.stderr)")
    }

    @Test func helpExplainsTheFormatsTheSeedAndAnImport() throws {
        let help = try runCommand(Self.command, ["--help"])
        #expect(help.status == 0)
        for text in ["--megabytes", "--seed", ".zip", ".xml", "vigorctl import", "64 invalid arguments"] {
            #expect(help.stdout.contains(text), "the help lacks \(text)")
        }
    }
}
