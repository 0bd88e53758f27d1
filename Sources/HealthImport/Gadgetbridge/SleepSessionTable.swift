/// Xiaomi's nights (`XIAOMI_SLEEP_TIME_SAMPLE`: `TIMESTAMP` fell asleep, `WAKEUP_TIME` woke, both in
/// milliseconds) as `inBed` segments; the stages come from `XIAOMI_SLEEP_STAGE_SAMPLE` where the band wrote them.
struct SleepSessionTable: GadgetbridgeTableReader {
    let table = "XIAOMI_SLEEP_TIME_SAMPLE"
    let devices: [Int64: GadgetbridgeDevice]

    var requiredColumns: [String] { ["TIMESTAMP", "DEVICE_ID", "WAKEUP_TIME"] }

    var timeColumn: String { "TIMESTAMP" }
    var timeInMilliseconds: Bool { true }

    func query(columns: Set<String>, window: String) -> String {
        "SELECT rowid, TIMESTAMP, DEVICE_ID, WAKEUP_TIME FROM \(table) \(window)ORDER BY TIMESTAMP, DEVICE_ID"
    }

    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector) {
        switch (row.instant(1, "TIMESTAMP", milliseconds: true), row.integer(2, "DEVICE_ID"), row.instant(3, "WAKEUP_TIME", milliseconds: true)) {
        case (.success(let start), .success(let device), .success(let end)):
            let outcome = MeasuredRecords.sleep(
                source: Self.source(device, devices), start: start, end: end, stage: "inBed", place: "\(table) row \(row.rowid)")
            collector.add(outcome, line: Int(clamping: row.rowid))
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            row.skip(problem, into: &collector)
        }
    }
}
