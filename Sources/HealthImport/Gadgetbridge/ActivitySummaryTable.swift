import Foundation

/// Workouts from `BASE_ACTIVITY_SUMMARY` (`START_TIME`/`END_TIME` in milliseconds, `ACTIVITY_KIND`): one
/// `workout` record each; energy from `SUMMARY_DATA`'s `caloriesBurnt` entry when it is there in kcal.
struct ActivitySummaryTable: GadgetbridgeTableReader {
    let table = "BASE_ACTIVITY_SUMMARY"
    let devices: [Int64: GadgetbridgeDevice]

    var requiredColumns: [String] { ["START_TIME", "END_TIME", "ACTIVITY_KIND", "DEVICE_ID"] }

    var timeColumn: String { "START_TIME" }
    var timeInMilliseconds: Bool { true }

    func query(columns: Set<String>, window: String) -> String {
        let summary = columns.contains("SUMMARY_DATA") ? "SUMMARY_DATA" : "NULL"
        return "SELECT rowid, START_TIME, END_TIME, ACTIVITY_KIND, DEVICE_ID, \(summary) FROM \(table) \(window)ORDER BY START_TIME"
    }

    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector) {
        let start: Date, end: Date, kind: Int64, device: Int64
        switch (row.instant(1, "START_TIME", milliseconds: true), row.instant(2, "END_TIME", milliseconds: true),
                row.integer(3, "ACTIVITY_KIND"), row.integer(4, "DEVICE_ID")) {
        case (.success(let first), .success(let last), .success(let code), .success(let id)): (start, end, kind, device) = (first, last, code, id)
        case (.failure(let problem), _, _, _), (_, .failure(let problem), _, _), (_, _, .failure(let problem), _),
             (_, _, _, .failure(let problem)):
            return row.skip(problem, into: &collector)
        }
        let outcome = MeasuredRecords.workout(
            source: Self.source(device, devices), start: start, end: end, activity: GadgetbridgeActivityKind.activity(kind),
            kilocalories: Self.kilocalories(summary: row.statement.text(5)), place: "\(table) row \(row.rowid)")
        collector.add(outcome, line: Int(clamping: row.rowid))
    }

    /// `{"caloriesBurnt": {"value": 312, "unit": "calories_unit"}, …}`. The summary is optional detail whose
    /// keys vary by device: anything else (absent, not JSON, another unit) means the energy is not known.
    static func kilocalories(summary: String?) -> Double? {
        guard let summary, summary.contains("caloriesBurnt") else { return nil }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(summary.utf8))
        } catch {
            return nil
        }
        guard let entries = object as? [String: Any], let calories = entries["caloriesBurnt"] as? [String: Any],
              let value = calories["value"] as? NSNumber, calories["unit"] as? String == "calories_unit"
        else { return nil }
        let kilocalories = value.doubleValue
        return kilocalories.isFinite && kilocalories > 0 ? kilocalories : nil
    }
}
