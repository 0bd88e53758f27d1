import CivilCalendar

/// A table of values measured at one instant (`TIMESTAMP` in milliseconds): resting heart rate
/// (`HUAMI_HEART_RATE_RESTING_SAMPLE`, `GARMIN_HEART_RATE_RESTING_SAMPLE`, `XIAOMI_DAILY_SUMMARY_SAMPLE.HR_RESTING`)
/// or nightly HRV (`GARMIN_HRV_SUMMARY_SAMPLE.LAST_NIGHT_AVERAGE`). NULL or 0 means "not measured" and gives nothing.
struct DailyValueTable: GadgetbridgeTableReader {
    let table: String
    let column: String
    let kind: HealthKind
    let devices: [Int64: GadgetbridgeDevice]

    var requiredColumns: [String] { ["TIMESTAMP", "DEVICE_ID", column] }

    var timeColumn: String { "TIMESTAMP" }
    var timeInMilliseconds: Bool { true }

    func query(columns: Set<String>, window: String) -> String {
        "SELECT rowid, TIMESTAMP, DEVICE_ID, \(column) FROM \(SQLiteDatabase.quoted(table)) \(window)ORDER BY TIMESTAMP, DEVICE_ID"
    }

    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector) {
        if row.statement.describe(3) == "NULL" || row.statement.int64(3) == 0 {
            return collector.ignore()
        }
        switch (row.instant(1, "TIMESTAMP", milliseconds: true), row.integer(2, "DEVICE_ID"), row.integer(3, column)) {
        case (.success(let instant), .success(let device), .success(let value)):
            let outcome = MeasuredRecords.point(
                kind, source: Self.source(device, devices), at: instant, value: value, place: "\(table) row \(row.rowid)")
            collector.add(outcome, line: Int(clamping: row.rowid))
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            row.skip(problem, into: &collector)
        }
    }
}
