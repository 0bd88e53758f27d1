import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// `[[health.source]]` in a running vigord: files a sync tool lands in a watched folder are read where they are, a
/// changed file only for what is new, and a source that is not there or cannot be read is shown, not lost.
@Suite(.removesScratchFolders, .serialized) struct HealthSourceTests {
    private static var generator: String { Binaries.folder.appendingPathComponent("vigor-health-export").path }

    /// A Health Auto Export file with one HRV reading each morning of March 2026 from the 1st to `days`.
    private static func healthAutoExport(days: Int) -> String {
        let readings = (1...days).map { day in
            #"{ "qty" : \#(40 + day), "date" : "2026-03-\#(day < 10 ? "0" : "")\#(day) 06:40:00 +0100" }"#
        }
        return #"{ "data" : { "metrics" : [ { "name" : "heart_rate_variability", "units" : "ms", "data" : [ "#
            + readings.joined(separator: ", ") + " ] } ] } }\n"
    }

    /// Writes `text` as Syncthing does: into a temporary name in the folder, then renamed onto `path`.
    private static func land(_ text: String, at path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/.syncthing." + (path as NSString).lastPathComponent + ".tmp"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, path) == 0)
    }

    private static func sources(_ daemon: DaemonHarness) throws -> [HealthSourceView] {
        try daemon.connect().call(HealthSourcesMethod.self, NoParams()).sources
    }

    @Test func aGadgetbridgeExportSyncedIntoAWatchedFolderIsReadAndLeftAsItWas() throws {
        let daemon = try DaemonHarness(label: "source-gb", config: "[[health.source]]\nname = \"phone\"\npath = \"phone\"\n")
        let phone = daemon.folder + "/phone"
        try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
        let generated = daemon.folder + "/Gadgetbridge.db"
        let written = try runCommand(Self.generator, ["--format", "gadgetbridge", "--days", "10", "--start", "2024-01-01", "--seed", "3", generated])
        #expect(written.status == 0, "\(written.stderr)")
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching 1 health source"), "\(daemon.log)")

        let partial = phone + "/.syncthing.Gadgetbridge.db.tmp"
        try FileManager.default.copyItem(atPath: generated, toPath: partial)
        #expect(rename(partial, phone + "/Gadgetbridge.db") == 0)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone ("), "\(daemon.log)")

        #expect(try FileManager.default.contentsOfDirectory(atPath: phone) == ["Gadgetbridge.db"], "nothing moved or written beside it")
        #expect(FileManager.default.contentsEqual(atPath: phone + "/Gadgetbridge.db", andPath: generated))
        let source = try #require(try Self.sources(daemon).first)
        #expect(source.name == "phone" && source.ok && source.present && source.files == 1)
        #expect(source.newestSampleAt != nil && source.lastReadAt != nil)
        let shown = try runCommand(Binaries.vigorctl, ["sources", "--socket", daemon.socketPath])
        #expect(shown.status == 0, "\(shown.stdout)")
        #expect(shown.stdout.contains("phone (health) ok, newest sample 2"), "\(shown.stdout)")
    }

    @Test func aPhonesExportsArriveThroughSyncthingAndStayOnThePhone() throws {
        let syncthing = try #require(Binaries.tool("syncthing"), "syncthing is not installed; Scripts/bootstrap installs it")
        let scratch = try makeScratchFolder("source-syncthing")
        let pair = try SyncthingPair(folder: scratch + "/syncthing", executable: syncthing)
        let daemon = try DaemonHarness(
            label: "source-syncthing", config: "[[health.source]]\nname = \"phone\"\npath = \"\(pair.laptop)\"\n")
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching 1 health source"), "\(daemon.log)")

        // The phone writes its exports (each whole, then renamed into place, as the apps' exports end up).
        let generated = scratch + "/Gadgetbridge.db"
        #expect(try runCommand(Self.generator, ["--format", "gadgetbridge", "--days", "10", "--start", "2024-01-01", "--seed", "5", generated]).status == 0)
        try FileManager.default.copyItem(atPath: generated, toPath: pair.phone + "/.Gadgetbridge.db.part")
        #expect(rename(pair.phone + "/.Gadgetbridge.db.part", pair.phone + "/Gadgetbridge.db") == 0)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (", timeout: 120), "\(pair.log)\n\(daemon.log)")
        try Self.land(Self.healthAutoExport(days: 3), at: pair.phone + "/HealthAutoExport.json")
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (3 new)", timeout: 120), "\(pair.log)\n\(daemon.log)")

        let source = try #require(try Self.sources(daemon).first)
        #expect(source.ok && source.files == 2, "\(source)")
        let onThePhone = try FileManager.default.contentsOfDirectory(atPath: pair.phone).filter { !$0.hasPrefix(".") }.sorted()
        #expect(onThePhone == ["Gadgetbridge.db", "HealthAutoExport.json"], "the phone's files are still there")
        #expect(FileManager.default.contentsEqual(atPath: pair.phone + "/Gadgetbridge.db", andPath: generated))
    }

    @Test func aWatchIsReadWhenItsVolumeAppearsAndAgainOnlyForItsNewActivities() throws {
        let daemon = try DaemonHarness(
            label: "source-watch", config: "[[health.source]]\nname = \"watch\"\npath = \"media/GARMIN/GARMIN/Activity\"\n")
        let media = daemon.folder + "/media"
        let volume = daemon.folder + "/unplugged/GARMIN"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: volume + "/GARMIN", withIntermediateDirectories: true)
        let activities = volume + "/GARMIN/Activity"
        #expect(try runCommand(Self.generator, ["--format", "fit", "--files", "3", "--start", "2024-01-01", "--seed", "9", activities]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: activities).sorted()
        let later = try #require(names.last)
        #expect(rename(activities + "/" + later, daemon.folder + "/" + later) == 0)
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching 1 health source"), "\(daemon.log)")
        #expect(try Self.sources(daemon).first?.present == false)

        // Plugged in: the volume appears at once, as a mount does.
        #expect(rename(volume, media + "/GARMIN") == 0)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source watch ("), "\(daemon.log)")
        #expect(try Self.sources(daemon).first?.files == 2)

        // Unplugged, a new activity recorded, plugged in again: only the new one is read.
        daemon.notify.forget()
        #expect(rename(media + "/GARMIN", volume) == 0)
        #expect(rename(daemon.folder + "/" + later, activities + "/" + later) == 0)
        #expect(rename(volume, media + "/GARMIN") == 0)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source watch ("), "\(daemon.log)")
        #expect(try Self.sources(daemon).first?.files == 3)
        let export = try daemon.connect().call(DataExportMethod.self, .init())
        guard case .object(let document) = export, case .array(let imports)? = document["healthImports"] else {
            Issue.record("the export has no health imports: \(export)")
            return
        }
        #expect(imports.count == 3, "each activity read once: \(imports)")
    }

    @Test func aFileReplacedWithOneMoreDayAddsThatDayAndRereadsOnlyTheLastTwo() throws {
        let daemon = try DaemonHarness(label: "source-grow", config: "[[health.source]]\nname = \"phone\"\npath = \"phone\"\n")
        let phone = daemon.folder + "/phone"
        try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
        try Self.land(Self.healthAutoExport(days: 20), at: phone + "/HealthAutoExport.json")
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (20 new)"), "\(daemon.log)")

        try Self.land(Self.healthAutoExport(days: 21), at: phone + "/HealthAutoExport.json")
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (1 new)"), "\(daemon.log)")
        let export = try daemon.connect().call(DataExportMethod.self, .init())
        guard case .object(let document) = export, case .array(let imports)? = document["healthImports"],
            case .object(let last)? = imports.last, case .integer(let duplicates)? = last["duplicates"]
        else {
            Issue.record("the export has no health imports: \(export)")
            return
        }
        #expect(imports.count == 2)
        #expect(duplicates <= 3, "a re-read starts two days before the newest sample it had, not at the file's start")
        #expect(try Self.sources(daemon).first?.newestSampleAt?.description.hasPrefix("2026-03-21") == true)
    }

    @Test func anOlderCopyATruncatedFileAndATwoGigabyteFileLoseNothingAndAddNothingTwice() throws {
        let daemon = try DaemonHarness(label: "source-hostile-files", config: "[[health.source]]\nname = \"phone\"\npath = \"phone\"\n")
        let phone = daemon.folder + "/phone"
        let file = phone + "/HealthAutoExport.json"
        try FileManager.default.createDirectory(atPath: phone, withIntermediateDirectories: true)
        try Self.land(Self.healthAutoExport(days: 21), at: file)
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (21 new)"), "\(daemon.log)")

        // The phone's sync brings back an older copy: read again, nothing added, nothing lost.
        try Self.land(Self.healthAutoExport(days: 20), at: file)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (0 new)"), "\(daemon.log)")
        #expect(try Self.storedSamples(daemon) == 21)

        // A copy cut off half-way: one failure, told once, and what was stored stays.
        let whole = Self.healthAutoExport(days: 22)
        try Self.land(String(whole.prefix(whole.count / 2)), at: file)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; the health source phone fails: HealthAutoExport.json"), "\(daemon.log)")
        #expect(try Self.storedSamples(daemon) == 21)
        #expect(try Self.sources(daemon).first?.ok == false)

        // Whole again: the new day, and the failure ends.
        try Self.land(whole, at: file)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source phone (1 new)"), "\(daemon.log)")
        #expect(try Self.storedSamples(daemon) == 22)
        #expect(daemon.log.contains("reading the health source phone works again"), "\(daemon.log)")

        // A 2 GB file that starts like an export is refused by its size, and vigord answers meanwhile.
        daemon.notify.forget()
        let big = phone + "/.big.json.part"
        try Self.healthAutoExport(days: 1).write(toFile: big, atomically: false, encoding: .utf8)
        #expect(truncate(big, 2 << 30) == 0)
        #expect(rename(big, phone + "/big.json") == 0)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; the health source phone fails: big.json"), "\(daemon.log)")
        #expect(try runCommand(Binaries.vigorctl, ["status", "--socket", daemon.socketPath]).status == 0)
        #expect(try Self.storedSamples(daemon) == 22)
    }

    /// How many health samples vigord has stored.
    private static func storedSamples(_ daemon: DaemonHarness) throws -> Int {
        let export = try daemon.connect().call(DataExportMethod.self, .init())
        guard case .object(let document) = export, case .array(let samples)? = document["healthSamples"] else { return -1 }
        return samples.count
    }

    @Test func aSourceNotThereIsWaitedForAndAFIFOFailsOnceUntilAFileReplacesIt() throws {
        let config = """
            [[health.source]]
            name = "pipe"
            path = "src/pipe"
            [[health.source]]
            name = "watch"
            path = "media/GARMIN/GARMIN/Activity"
            [[health.source]]
            name = "later"
            path = "src/later.jsonl"
            """
        let daemon = try DaemonHarness(label: "source-hostile", config: config)
        let folder = daemon.folder + "/src"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; watching 3 health sources"), "\(daemon.log)")

        // A file landing beside the FIFO wakes the watch: the FIFO fails again, and is not told again.
        let jsonl = #"{"type":"hrv","start":"2026-03-23T06:40:00+01:00","value":48,"unit":"ms","source":"garmin"}"# + "\n"
        try Self.land(jsonl, at: folder + "/later.jsonl")
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source later ("), "\(daemon.log)")
        let listed = try runCommand(Binaries.vigorctl, ["sources", "--socket", daemon.socketPath])
        #expect(listed.status == 1, "a failed source makes vigorctl sources exit 1")
        #expect(listed.stdout.contains("pipe (health) failed"), "\(listed.stdout)")
        #expect(listed.stdout.contains("is not a file or a folder"), "\(listed.stdout)")
        #expect(listed.stdout.contains("watch (health) not there now"), "\(listed.stdout)")
        #expect(daemon.log.components(separatedBy: "reading the health source pipe failed").count == 2, "logged once: \(daemon.log)")

        #expect(unlink(folder + "/pipe") == 0)
        try Self.land(jsonl, at: folder + "/pipe")
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; read the health source pipe ("), "\(daemon.log)")
        #expect(try runCommand(Binaries.vigorctl, ["sources", "--socket", daemon.socketPath]).status == 0)
        #expect(daemon.log.contains("reading the health source pipe works again"), "\(daemon.log)")
    }
}
