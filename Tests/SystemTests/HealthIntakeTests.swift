import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Health files into a running vigord: `vigorctl import` and the inbox folder.
@Suite(.removesScratchFolders, .serialized) struct HealthIntakeTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/health").path

    @Test func vigorctlImportPrintsTheCountsAndASecondImportAddsNothing() throws {
        let daemon = try DaemonHarness(label: "import")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let first = try runCommand(Binaries.vigorctl, ["import", Self.fixtures + "/export.zip"] + socket)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("(Apple Health export, "), "\(first.stdout)")
        #expect(first.stdout.contains(" sleep") && first.stdout.contains(" workout"))
        let again = try runCommand(Binaries.vigorctl, ["import", Self.fixtures + "/export.zip", "--json"] + socket)
        let result = try RPCCoding.decode(HealthImportResult.self, from: try JSONParser.parse(Data(again.stdout.utf8)))
        #expect(result.added == 0 && result.duplicates > 0)
    }

    @Test func samplesFromTheFutureAreRefusedCountedShownAndLoggedOnceWhenTheyBeginAndOnceWhenTheyEnd() throws {
        let daemon = try DaemonHarness(label: "import-future")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let formatter = ISO8601DateFormatter()
        func line(_ kind: String, _ value: Int, _ unit: String, hoursFromNow: Double) -> String {
            let start = formatter.string(from: daemon.now.addingTimeInterval(hoursFromNow * 3600))
            return #"{"type":"\#(kind)","start":"\#(start)","value":\#(value),"unit":"\#(unit)","source":"phone"}"#
        }
        let phone = daemon.folder + "/phone"
        try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
        for (name, lines) in [
            ("monday.jsonl", [line("hrv", 48, "ms", hoursFromNow: -1), line("hrv", 51, "ms", hoursFromNow: 23)]),
            ("tuesday.jsonl", [line("restingHeartRate", 52, "bpm", hoursFromNow: -2), line("hrv", 50, "ms", hoursFromNow: 30)]),
            ("wednesday.jsonl", [line("hrv", 47, "ms", hoursFromNow: -3)]),
        ] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: phone + "/" + name, atomically: true, encoding: .utf8)
        }

        let first = try runCommand(Binaries.vigorctl, ["import", phone + "/monday.jsonl"] + socket)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Skipped 1 bad record(s): 1 future."), "\(first.stdout)")
        #expect(first.stdout.contains("line 2: hrv starting "), "\(first.stdout)")
        #expect(first.stdout.contains("is after the time of the import"), "\(first.stdout)")
        let json = try runCommand(Binaries.vigorctl, ["import", phone + "/tuesday.jsonl", "--json"] + socket)
        let second = try RPCCoding.decode(HealthImportResult.self, from: try JSONParser.parse(Data(json.stdout.utf8)))
        #expect(second.added == 1 && second.skippedByReason == ["future": 1], "the rest of the file is stored: \(second)")
        #expect(daemon.log.components(separatedBy: "health samples from the future refused").count == 2, "logged once: \(daemon.log)")
        #expect(!daemon.log.contains("health samples from the future no longer arrive"))

        let third = try runCommand(Binaries.vigorctl, ["import", phone + "/wednesday.jsonl"] + socket)
        #expect(third.status == 0 && !third.stdout.contains("Skipped"), "\(third.stdout)")
        #expect(daemon.log.components(separatedBy: "health samples from the future no longer arrive").count == 2, "\(daemon.log)")
    }

    @Test func vigorctlImportOfAFileThatIsNotHealthDataFailsWithTheReason() throws {
        let daemon = try DaemonHarness(label: "import-bad")
        try daemon.start()
        let path = daemon.folder + "/notes.txt"
        try "milk\neggs\n".write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try runCommand(Binaries.vigorctl, ["import", path, "--socket", daemon.socketPath])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("notes.txt"))
    }

    @Test func aFileMovedIntoTheInboxIsImportedAndFiled() throws {
        let daemon = try DaemonHarness(label: "inbox")
        try daemon.start()
        let inbox = daemon.folder + "/inbox"
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching the health drop folder"))
        let partial = inbox + "/export.zip.part"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/export.zip", toPath: partial)
        try FileManager.default.moveItem(atPath: partial, toPath: inbox + "/export.zip")
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; imported export.zip"))
        #expect(FileManager.default.fileExists(atPath: inbox + "/done/export.zip"))
        #expect(!FileManager.default.fileExists(atPath: inbox + "/export.zip"))
    }

    @Test func aBrokenFileInTheInboxGoesToFailedWithItsReasonBeside() throws {
        let daemon = try DaemonHarness(label: "inbox-bad")
        try daemon.start()
        let inbox = daemon.folder + "/inbox"
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching the health drop folder"))
        let whole = try String(contentsOfFile: Self.fixtures + "/export.xml", encoding: .utf8)
        try String(whole.prefix(whole.count / 2)).write(toFile: inbox + "/export.xml", atomically: false, encoding: .utf8)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; export.xml stopped part-way"))
        let reason = try String(contentsOfFile: inbox + "/failed/export.xml.reason.txt", encoding: .utf8)
        #expect(reason.contains("export.xml line"))
        let counts = try daemon.connect().call(DataExportMethod.self, .init())
        guard case .object(let document) = counts, case .array(let samples)? = document["healthSamples"] else {
            Issue.record("the export has no health samples")
            return
        }
        #expect(!samples.isEmpty, "what came before the truncation is kept")
    }

    @Test func filesWaitingInTheInboxAtStartAreImported() throws {
        let daemon = try DaemonHarness(label: "inbox-start")
        let inbox = daemon.folder + "/inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/sample.csv", toPath: inbox + "/sample.csv")
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; imported sample.csv"), "\(daemon.log)")
        #expect(FileManager.default.fileExists(atPath: inbox + "/done/sample.csv"))
    }

    @Test func aFIFOIsRefusedAtOnceByImportAndInboxAndTheLaneStaysOpen() throws {
        let daemon = try DaemonHarness(label: "import-fifo")
        let inbox = daemon.folder + "/inbox"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        #expect(mkfifo(inbox + "/pipe.jsonl", 0o600) == 0)
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; pipe.jsonl could not be imported"), "\(daemon.log)")
        let reason = try String(contentsOfFile: inbox + "/failed/pipe.jsonl.reason.txt", encoding: .utf8)
        #expect(reason.contains("pipe.jsonl is a FIFO (named pipe), not a regular file"))

        let fifo = daemon.folder + "/export.xml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try runCommand(Binaries.vigorctl, ["import", fifo, "--socket", daemon.socketPath])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(fifo) is a FIFO (named pipe), not a regular file"), "\(refused.stderr)")
        let next = try runCommand(Binaries.vigorctl, ["import", Self.fixtures + "/sample.csv", "--socket", daemon.socketPath])
        #expect(next.status == 0, "\(next.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)
    }
}
