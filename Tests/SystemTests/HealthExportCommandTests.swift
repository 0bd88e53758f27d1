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
        let written = try runCommand(Self.command, ["--megabytes", "0.5", "--seed", "7", "--end", Self.yesterday(of: daemon.now), path])
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
            let written = try runCommand(Self.command, ["--megabytes", "0.2", "--seed", "3", "--end", "2026-11-24", folder + "/" + name])
            #expect(written.status == 0, "\(written.stderr)")
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/first.xml"))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: folder + "/second.xml"))))
        #expect(String(decoding: first.prefix(200), as: UTF8.self).contains("<!DOCTYPE HealthData"))
        try FileManager.default.removeItem(atPath: folder)
    }

    /// The day before `date` in Berlin, `YYYY-MM-DD`: where an export made for a daemon on the test clock ends.
    private static func yesterday(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date.addingTimeInterval(-86_400))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func everyFormatEndsOnTheDayAskedAndADatabaseFromItsLastDayImportsWithNothingFromTheFuture() throws {
        let daemon = try DaemonHarness(label: "health-export-end", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n")
        try daemon.start()
        let end = Self.yesterday(of: daemon.now)
        let database = daemon.folder + "/Gadgetbridge.db"
        let gadgetbridge = try runCommand(Self.command, ["--format", "gadgetbridge", "--days", "3", "--end", end, database])
        #expect(gadgetbridge.status == 0, "\(gadgetbridge.stderr)")
        #expect(gadgetbridge.stdout.contains("a Gadgetbridge database of 3 days, "), "\(gadgetbridge.stdout)")
        #expect(gadgetbridge.stdout.contains(" to \(end), "), "\(gadgetbridge.stdout)")
        let imported = try runCommand(Binaries.vigorctl, ["import", database, "--json", "--socket", daemon.socketPath])
        let result = try RPCCoding.decode(HealthImportResult.self, from: try JSONParser.parse(Data(imported.stdout.utf8)))
        #expect(result.added > 0 && result.skipped == 0, "\(result)")

        let apple = try runCommand(Self.command, ["--megabytes", "0.1", "--end", end, daemon.folder + "/export.xml"])
        #expect(apple.stdout.contains(" to \(end) ("), "\(apple.stdout)")
        let fit = try runCommand(Self.command, ["--format", "fit", "--files", "3", "--end", end, daemon.folder + "/fit"])
        #expect(fit.stdout.contains(" to \(end), "), "\(fit.stdout)")
    }

    @Test func startPlacesTheFirstDayAndAnAppleExportCoversTheDaysItsSizeTakes() throws {
        let folder = try makeScratchFolder("health-export-start")
        let database = try runCommand(Self.command, ["--format", "gadgetbridge", "--days", "2", "--start", "2024-01-01", folder + "/g.db"])
        #expect(database.stdout.contains("a Gadgetbridge database of 2 days, 2024-01-01 to 2024-01-02, "), "\(database.stdout)")
        let apple = try runCommand(Self.command, ["--megabytes", "0.1", "--start", "2026-03-01", folder + "/export.xml"])
        #expect(apple.stdout.contains(", 2026-03-01 to 2026-03-"), "\(apple.stdout)")
        try FileManager.default.removeItem(atPath: folder)
    }

    @Test func badArgumentsExitWith64AndSayWhatIsWrong() throws {
        let cases: [([String], String)] = [
            (["--start", "2026-02-30", "/tmp/export.xml"], "--start must be a date YYYY-MM-DD, not '2026-02-30'"),
            (["--start", "2026-01-01", "--end", "2026-02-01", "/tmp/export.xml"], "give --start or --end, not both"),
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
        for text in ["--megabytes", "--seed", "--end", "--start", "yesterday", ".zip", ".xml", "vigorctl import", "64 invalid arguments"] {
            #expect(help.stdout.contains(text), "the help lacks \(text)")
        }
    }
}
