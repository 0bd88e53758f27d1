import Foundation
import GRDB

/// Writes a Gadgetbridge-shaped database for one Mi Band–like device, deterministically from a seed: a sample
/// every minute (steps by day, Huami sleep codes by night, with "no change" minutes), a resting heart rate a day,
/// workouts in `BASE_ACTIVITY_SUMMARY`, SpO2 samples (a table importers do not read) and the `DEVICE` row.
public struct GadgetbridgeDatabaseGenerator: Sendable {
    public var seed: UInt64
    /// Days since 1970-01-01 of the first day (UTC); 19723 is 2024-01-01.
    public var firstDay: Int
    /// The wearer's UTC offset, for when nights and days fall.
    public var utcOffsetSeconds: Int

    public static let deviceName = "Mi Band 3"

    public init(seed: UInt64 = 1, firstDay: Int = 19_723, utcOffsetSeconds: Int = 3600) {
        self.seed = seed
        self.firstDay = firstDay
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Writes `days` days to a new database at `url` (replacing the file).
    public func write(to url: URL, days: Int) throws -> GeneratedGadgetbridgeReport {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        let queue = try DatabaseQueue(path: url.path)
        let report = try queue.write { db in try fill(db, days: days) }
        try queue.close()
        return report
    }

    private func fill(_ db: Database, days: Int) throws -> GeneratedGadgetbridgeReport {
        for statement in GadgetbridgeSchema.statements { try db.execute(sql: statement) }
        try db.execute(sql: "INSERT INTO android_metadata VALUES ('en_US')")
        try db.execute(sql: "INSERT INTO USER (_id, NAME, BIRTHDAY, GENDER) VALUES (1, 'gadgetbridge-user', 631152000000, 1)")
        try db.execute(
            sql: """
                INSERT INTO DEVICE (_id, NAME, MANUFACTURER, IDENTIFIER, TYPE, TYPE_NAME, MODEL, ALIAS) \
                VALUES (1, ?, 'Huami', 'C8:0F:10:AA:BB:CC', 13, 'MIBAND3', 'V0.1.1.1', NULL)
                """, arguments: [Self.deviceName])
        try db.execute(sql: "INSERT INTO ALARM (DEVICE_ID, HOUR) VALUES (1, 7)")
        var random = SeededRandom(seed: seed)
        var plan = GadgetbridgeDayPlan()
        let sample = try db.makeStatement(sql: "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (?, 1, 1, ?, ?, ?, ?)")
        let resting = try db.makeStatement(sql: "INSERT INTO HUAMI_HEART_RATE_RESTING_SAMPLE VALUES (?, 1, 1, 4, ?)")
        let spo2 = try db.makeStatement(sql: "INSERT INTO HUAMI_SPO2_SAMPLE VALUES (?, 1, 1, 0, ?)")
        let workout = try db.makeStatement(
            sql: "INSERT INTO BASE_ACTIVITY_SUMMARY (NAME, START_TIME, END_TIME, ACTIVITY_KIND, DEVICE_ID, USER_ID, SUMMARY_DATA) VALUES (?, ?, ?, ?, 1, 1, ?)")
        var rows = 0
        for day in firstDay..<(firstDay + days) {
            let midnight = Int64(day * 86_400 - utcOffsetSeconds)
            let minutes = plan.minutes(forDayStartingAt: midnight, random: &random)
            for (index, minute) in minutes.enumerated() {
                let time = midnight + Int64(index * 60)
                try sample.execute(arguments: [time, minute.intensity, minute.steps, minute.rawKind, minute.heartRate])
                rows += 1
                if index % 60 == 0 { try spo2.execute(arguments: [time * 1000, random.int(94...99)]) }
            }
            try resting.execute(arguments: [(midnight + 8 * 3600) * 1000, random.int(50...64)])
            plan.countRestingHeartRate()
            if let planned = plan.workout(forDayStartingAt: midnight, random: &random) {
                try workout.execute(arguments: [
                    planned.name, planned.start * 1000, planned.end * 1000, planned.kind,
                    "{\"caloriesBurnt\":{\"value\":\(planned.kilocalories),\"unit\":\"calories_unit\"}}",
                ])
            }
        }
        let steps = plan.finishSteps()
        return GeneratedGadgetbridgeReport(
            sampleRows: rows, days: days,
            expectedCounts: ["steps": steps, "sleep": plan.sleepSegments, "restingHeartRate": plan.restingHeartRates,
                             "workout": plan.workouts].filter { $0.value > 0 },
            unreadTables: ["HUAMI_SPO2_SAMPLE"], deviceName: Self.deviceName)
    }
}
