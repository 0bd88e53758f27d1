import Foundation
import GRDB
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl import` of a Gadgetbridge database the phone exported while the band still recorded the night: the
/// night is left for a later copy, and the user is told so; the later copy gives it.
@Suite(.removesScratchFolders, .serialized) struct NightStillRecordedImportTests {
    /// Monday 2026-11-23 22:00 UTC: an hour awake with steps, then asleep (Huami light sleep) from 23:00 until `asleepUntil`,
    /// then awake until `awakeUntil` (nil: the export ends asleep).
    private func export(to path: String, asleepUntil: Int, awakeUntil: Int?) throws {
        let evening = 1_795_471_200
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE DEVICE (_id INTEGER PRIMARY KEY, NAME TEXT NOT NULL, TYPE_NAME TEXT, ALIAS TEXT)")
            try db.execute(sql: "INSERT INTO DEVICE VALUES (1, 'Mi Band 3', 'MIBAND3', NULL)")
            try db.execute(sql: """
                CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL,
                RAW_INTENSITY INTEGER NOT NULL, STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL, HEART_RATE INTEGER NOT NULL,
                PRIMARY KEY (TIMESTAMP, DEVICE_ID))
                """)
            func minute(_ time: Int, steps: Int, kind: Int) throws {
                try db.execute(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?, 1, 1, 0, ?, ?, 60)", arguments: [time, steps, kind])
            }
            for time in stride(from: evening, to: evening + 3600, by: 60) { try minute(time, steps: 40, kind: 1) }
            for time in stride(from: evening + 3600, to: asleepUntil, by: 60) { try minute(time, steps: 0, kind: 9) }
            if let awakeUntil {
                for time in stride(from: asleepUntil, to: awakeUntil, by: 60) { try minute(time, steps: 30, kind: 1) }
            }
        }
        try queue.close()
    }

    @Test func aNightTheExportEndsInIsLeftForTheNextCopyAndTheUserIsTold() throws {
        let evening = 1_795_471_200
        // vigord's clock on Tuesday 10:00 UTC, after both copies: a sample later than the clock is refused as future.
        let daemon = try DaemonHarness(label: "unfinished-night", now: Date(timeIntervalSince1970: TimeInterval(evening + 12 * 3600)))
        try daemon.start()
        let early = daemon.folder + "/early.db"
        try export(to: early, asleepUntil: evening + 3600 + 4 * 3600, awakeUntil: nil)
        let first = try runCommand(Binaries.vigorctl, ["import", early, "--socket", daemon.socketPath])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains(
            "A night was still being recorded when the file was written: it is read from a later copy that shows its end."),
            "\(first.stdout)")
        #expect(!first.stdout.contains("sleep"), "no part of the night is imported: \(first.stdout)")

        let later = daemon.folder + "/later.db"
        try export(to: later, asleepUntil: evening + 3600 + 7 * 3600, awakeUntil: evening + 3600 + 8 * 3600)
        let second = try runCommand(Binaries.vigorctl, ["import", later, "--json", "--socket", daemon.socketPath])
        #expect(second.status == 0, "\(second.stderr)")
        let result = try RPCCoding.decode(HealthImportResult.self, from: try JSONParser.parse(Data(second.stdout.utf8)))
        #expect(result.nightsStillRecorded == 0)
        #expect(result.records["sleep"] == 1)
    }
}
