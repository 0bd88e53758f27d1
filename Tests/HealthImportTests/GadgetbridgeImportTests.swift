import CivilCalendar
import Foundation
import GRDB
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct GadgetbridgeImportTests {
    private func generated(days: Int = 20) throws -> (URL, GeneratedGadgetbridgeReport) {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        return (url, try GadgetbridgeDatabaseGenerator(seed: 3).write(to: url, days: days))
    }

    @Test func generatedDatabaseImportsExactlyTheReportedRecords() throws {
        let (url, report) = try generated()
        let outcome = runImport(url, batchSize: 500)
        #expect(outcome.error == nil)
        let summary = try #require(outcome.summary)
        #expect(summary.format == .gadgetbridge)
        var expected: [HealthKind: Int] = [:]
        for (name, count) in report.expectedCounts { expected[try #require(HealthKind(rawValue: name))] = count }
        #expect(summary.imported == expected)
        #expect(summary.skipped.isEmpty)
        #expect(summary.unreadTables == report.unreadTables)
        #expect(Set(outcome.records.map(\.source)) == [report.deviceName])
        #expect(outcome.batchSizes.dropLast().allSatisfy { $0 == 500 })
        #expect(outcome.progress.last.map { $0.0 == $0.1 } == true)
    }

    @Test func hourlyStepsAndSleepSegmentsHaveTheirUnits() throws {
        let (url, _) = try generated(days: 3)
        let records = runImport(url).records
        let steps = records.filter { $0.kind == .steps }
        #expect(steps.allSatisfy { $0.end.timeIntervalSince($0.start) == 3600 && Int($0.start.timeIntervalSince1970) % 3600 == 0 })
        let sleep = records.filter { $0.kind == .sleep }
        #expect(Set(sleep.compactMap(\.detail)) == ["core", "deep"])
        #expect(sleep.allSatisfy { $0.value == $0.end.timeIntervalSince($0.start) / 60 })
        #expect(records.filter { $0.kind == .workout }.allSatisfy { $0.energyKilocalories != nil && $0.detail != "other" })
    }

    @Test func reimportingGivesTheSameRecordsWithNoDuplicateKeys() throws {
        let (url, _) = try generated(days: 5)
        let outcome = runImport(url)
        #expect(outcome.error == nil)
        let first = outcome.records
        #expect(!first.isEmpty)
        #expect(first == runImport(url).records)
        let keys = first.map { "\($0.kind)|\($0.source)|\($0.start)|\($0.end)|\($0.value)" }
        #expect(Set(keys).count == keys.count)
    }

    @Test func theImportNeverChangesTheDatabaseFile() throws {
        let (url, _) = try generated(days: 2)
        let before = try Data(contentsOf: url)
        let folder = url.deletingLastPathComponent()
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let outcome = runImport(url)
        #expect(outcome.error == nil)
        #expect(!outcome.records.isEmpty)
        #expect(try Data(contentsOf: url) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == filesBefore)
    }

    @Test func aTruncatedCopyIsATruncatedError() throws {
        let (url, _) = try generated(days: 3)
        let bytes = try Data(contentsOf: url)
        let outcome = runImport(try temporaryFile(bytes.prefix(bytes.count / 2), name: "Gadgetbridge.db"))
        #expect(outcome.error?.kind == .truncated)
        #expect(outcome.error?.message.contains("the copy is incomplete") == true)
    }

    @Test func aDamagedDatabaseIsAnErrorNotACrash() throws {
        let (url, _) = try generated(days: 3)
        var bytes = [UInt8](try Data(contentsOf: url))
        for index in stride(from: 4096, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
        let outcome = runImport(try temporaryFile(Data(bytes), name: "Gadgetbridge"))
        #expect(outcome.error != nil)
        #expect([.malformed, .unknownFormat].contains(outcome.error?.kind))
    }

    @Test func anSQLiteFileWithoutGadgetbridgesTablesIsNotGadgetbridge() throws {
        let url = try database { db in try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('x')") }
        let outcome = runImport(url)
        #expect(outcome.error?.kind == .unknownFormat)
        #expect(outcome.error?.message.contains("without Gadgetbridge's DEVICE table (it has notes)") == true)
    }

    @Test func firstMiBandCodesAndHuamiNoChangeMinutesGiveSleepSegments() throws {
        let url = try database { db in
            try Self.createDevices(db, [(1, "MIBAND", "Mi Band"), (2, "MIBAND3", "Band Three")])
            try Self.createSamples(db)
            let base = 1_700_000_000 - 1_700_000_000 % 3600
            // Mi Band 1: 5 light ×3, 4 deep ×2. Huami: 9, 0, 10, 11, 0 → core ×3, deep ×2.
            for (minute, (first, huami)) in [(5, 9), (5, 0), (5, 10), (4, 11), (4, 0)].enumerated() {
                try Self.sample(db, time: base + minute * 60, device: 1, steps: 0, kind: first)
                try Self.sample(db, time: base + minute * 60, device: 2, steps: 0, kind: huami)
            }
            try Self.sample(db, time: base + 5 * 60, device: 1, steps: 40, kind: 1)
            try Self.sample(db, time: base + 5 * 60, device: 2, steps: 60, kind: 1)
        }
        let records = runImport(url).records.sorted { ($0.source, $0.start, $0.kind.rawValue) < ($1.source, $1.start, $1.kind.rawValue) }
        let sleep = records.filter { $0.kind == .sleep }.map { "\($0.source) \($0.detail ?? "") \(Int($0.value))" }
        #expect(sleep == ["Band Three core 3", "Band Three deep 2", "Mi Band core 3", "Mi Band deep 2"])
        #expect(records.filter { $0.kind == .steps }.map(\.value) == [60, 40])
    }

    @Test func restingHeartRateHRVAndGarminStagesAreReadWhereTablesGiveThem() throws {
        let url = try database { db in
            try Self.createDevices(db, [(1, "GARMIN_FORERUNNER_255", "Forerunner 255")])
            let columns = "TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL"
            try db.execute(sql: "CREATE TABLE GARMIN_HEART_RATE_RESTING_SAMPLE (\(columns), HEART_RATE INTEGER NOT NULL)")
            try db.execute(sql: "CREATE TABLE GARMIN_HRV_SUMMARY_SAMPLE (\(columns), WEEKLY_AVERAGE INTEGER, LAST_NIGHT_AVERAGE INTEGER)")
            try db.execute(sql: "CREATE TABLE GARMIN_SLEEP_STAGE_SAMPLE (\(columns), STAGE INTEGER NOT NULL)")
            let night: Int64 = 1_700_000_000_000
            try db.execute(sql: "INSERT INTO GARMIN_HEART_RATE_RESTING_SAMPLE VALUES (?, 1, 1, 52), (?, 1, 1, 900)", arguments: [night, night + 86_400_000])
            try db.execute(sql: "INSERT INTO GARMIN_HRV_SUMMARY_SAMPLE VALUES (?, 1, 1, 40, 45), (?, 1, 1, 40, NULL)", arguments: [night, night + 86_400_000])
            for (minutes, stage) in [(0, 2), (30, 3), (50, 4), (70, 1), (75, 0), (90, 2)] {
                try db.execute(sql: "INSERT INTO GARMIN_SLEEP_STAGE_SAMPLE VALUES (?, 1, 1, ?)", arguments: [night + Int64(minutes) * 60_000, stage])
            }
        }
        let outcome = runImport(url)
        let summary = try #require(outcome.summary)
        #expect(summary.imported == [.restingHeartRate: 1, .hrv: 1, .sleep: 4])
        #expect(outcome.records.filter { $0.kind == .sleep }.map { "\($0.detail ?? "") \(Int($0.value))" } == ["core 30", "deep 20", "rem 20", "awake 5"])
        #expect(summary.skipped == [.outOfRange: 1])
        #expect(summary.examples.first?.message == "GARMIN_HEART_RATE_RESTING_SAMPLE row 2: restingHeartRate 900 bpm is outside 20…250")
        #expect(summary.examples.first?.line == 2)
    }

    @Test func wrongColumnTypesSkipTheRowWithTableAndRow() throws {
        let url = try database { db in
            try Self.createDevices(db, [(1, "MIBAND2", "Band")])
            try Self.createSamples(db)
            try Self.sample(db, time: 1_700_000_000, device: 1, steps: 10, kind: 1)
            try db.execute(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES ('yesterday', 1, 1, 0, 5, 1, 60)")
            try db.execute(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1700000120, 1, 1, 0, x'00', 1, 60)")
        }
        let summary = try #require(runImport(url).summary)
        #expect(summary.skipped == [.badNumber: 2])
        #expect(summary.examples.map(\.message).sorted() == [
            "MI_BAND_ACTIVITY_SAMPLE row 2: TIMESTAMP is text \"yesterday\", not a whole number",
            "MI_BAND_ACTIVITY_SAMPLE row 3: STEPS is a blob, not a whole number",
        ])
        #expect(summary.imported == [.steps: 1])
    }

    @Test func tablesWithDataItDoesNotReadAreReportedByName() throws {
        let url = try database { db in
            try Self.createDevices(db, [(1, "MIBAND3", "Band")])
            try db.execute(sql: "CREATE TABLE HUAMI_STRESS_SAMPLE (TIMESTAMP INTEGER, DEVICE_ID INTEGER, STRESS INTEGER)")
            try db.execute(sql: "INSERT INTO HUAMI_STRESS_SAMPLE VALUES (1, 1, 30)")
            try db.execute(sql: "CREATE TABLE EMPTY_SAMPLE (TIMESTAMP INTEGER)")
            try db.execute(sql: "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER, DEVICE_ID INTEGER)")
            try db.execute(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1, 1)")
            try db.execute(sql: "CREATE TABLE ALARM (_id INTEGER PRIMARY KEY, HOUR INTEGER); INSERT INTO ALARM VALUES (1, 7)")
        }
        let outcome = runImport(url)
        #expect(outcome.error == nil)
        #expect(outcome.summary?.unreadTables == ["HUAMI_STRESS_SAMPLE", "MI_BAND_ACTIVITY_SAMPLE (no column STEPS, RAW_KIND)"])
    }

    @Test func workoutsOutsideTheBoundsAreSkipped() throws {
        let url = try database { db in
            try Self.createDevices(db, [(1, "MIBAND3", "Band")])
            try db.execute(sql: """
                CREATE TABLE BASE_ACTIVITY_SUMMARY (_id INTEGER PRIMARY KEY, START_TIME INTEGER NOT NULL, END_TIME INTEGER NOT NULL,
                ACTIVITY_KIND INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, SUMMARY_DATA TEXT)
                """)
            let start: Int64 = 1_700_000_000_000
            try db.execute(sql: "INSERT INTO BASE_ACTIVITY_SUMMARY VALUES (1, ?, ?, 16, 1, 'not json')", arguments: [start, start + 1_800_000])
            try db.execute(sql: "INSERT INTO BASE_ACTIVITY_SUMMARY VALUES (2, ?, ?, 128, 1, NULL)", arguments: [start, start + 3 * 86_400_000])
            try db.execute(sql: "INSERT INTO BASE_ACTIVITY_SUMMARY VALUES (3, ?, ?, 128, 1, NULL)", arguments: [start, start - 1])
        }
        let outcome = runImport(url)
        #expect(outcome.records.map(\.detail) == ["running"])
        #expect(outcome.records.first?.energyKilocalories == nil)
        #expect(outcome.summary?.skipped == [.outOfRange: 1, .endBeforeStart: 1])
    }

    // MARK: - Building databases

    private func database(_ build: (Database) throws -> Void) throws -> URL {
        let url = try temporaryFile(Data(), name: "Gadgetbridge.db")
        try FileManager.default.removeItem(at: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write(build)
        try queue.close()
        return url
    }

    private static func createDevices(_ db: Database, _ devices: [(Int, String, String)]) throws {
        try db.execute(sql: "CREATE TABLE DEVICE (_id INTEGER PRIMARY KEY, NAME TEXT NOT NULL, TYPE_NAME TEXT, ALIAS TEXT)")
        for (id, type, name) in devices {
            try db.execute(sql: "INSERT INTO DEVICE VALUES (?, ?, ?, NULL)", arguments: [id, name, type])
        }
    }

    private static func createSamples(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL,
            RAW_INTENSITY INTEGER NOT NULL, STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL, HEART_RATE INTEGER NOT NULL,
            PRIMARY KEY (TIMESTAMP, DEVICE_ID))
            """)
    }

    private static func sample(_ db: Database, time: Int, device: Int, steps: Int, kind: Int) throws {
        try db.execute(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?, ?, 1, 0, ?, ?, 60)", arguments: [time, device, steps, kind])
    }
}

/// A Gadgetbridge database is a file someone else wrote: its newest changes may still be in the `-wal` beside it, and
/// its content is checked before anything is read.
@Suite(.removesScratchFolders) struct GadgetbridgeUntrustedDatabaseTests {
    @Test func rowsDeletedInTheWALAreNotImportedAndTheUsersFilesStayUntouched() throws {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        let report = try GadgetbridgeDatabaseGenerator(seed: 3).write(to: url, days: 5)
        #expect((report.expectedCounts["restingHeartRate"] ?? 0) > 0)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        // Gadgetbridge still has the database open: its last delete lives only in the WAL.
        let writer = try DatabaseQueue(path: url.path, configuration: configuration)
        try writer.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "DELETE FROM HUAMI_HEART_RATE_RESTING_SAMPLE")
        }
        let wal = url.path + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal))
        let databaseBefore = try Data(contentsOf: url)
        let walBefore = try Data(contentsOf: URL(fileURLWithPath: wal))

        let outcome = runImport(url)

        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.records.filter { $0.kind == .restingHeartRate }.isEmpty)
        #expect(outcome.records.contains { $0.kind == .steps })
        #expect(try Data(contentsOf: url) == databaseBefore)
        #expect(try Data(contentsOf: URL(fileURLWithPath: wal)) == walBefore)
        withExtendedLifetime(writer) {}
    }

    @Test func aDatabaseWhoseContentFailsSQLitesCheckIsRefusedBeforeARowIsRead() throws {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        _ = try GadgetbridgeDatabaseGenerator(seed: 3).write(to: url, days: 5)
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // Scribble over the middle of the last page: the header and the schema stay readable.
        let last = bytes.count - pageSize
        for offset in (last + 8)..<(last + pageSize / 2) { bytes[offset] = 0xA5 }
        try bytes.write(to: url)

        let outcome = runImport(url)

        let error = try #require(outcome.error)
        #expect(error.kind == .malformed)
        #expect(error.message.contains("the database is damaged (SQLite's integrity check:"), "\(error.message)")
        #expect(outcome.records.isEmpty)
    }
}
