import Foundation

/// A table of sleep stage changes (`TIMESTAMP` in milliseconds, `STAGE`): each stage lasts until the device's
/// next row. A stage nothing follows within four hours ends a night whose end is unknown, so it is not imported.
struct SleepStageTable: GadgetbridgeTableReader {
    /// The codes of one device family.
    enum Coding {
        /// Garmin (FIT sleep_level): 1 awake, 2 light, 3 deep, 4 REM; 0 unmeasurable.
        case garmin
        /// Xiaomi: 2 deep, 3 light, 4 REM; other codes are not sleep.
        case xiaomi

        func stage(_ code: Int64) -> String? {
            switch (self, code) {
            case (.garmin, 1): "awake"
            case (.garmin, 2), (.xiaomi, 3): "core"
            case (.garmin, 3), (.xiaomi, 2): "deep"
            case (.garmin, 4), (.xiaomi, 4): "rem"
            default: nil
            }
        }
    }

    let table: String
    let coding: Coding
    let devices: [Int64: GadgetbridgeDevice]
    private var open: [Int64: (start: Date, stage: String?, row: Int64)] = [:]

    static let longestStage: TimeInterval = 4 * 3600

    init(table: String, coding: Coding, devices: [Int64: GadgetbridgeDevice]) {
        self.table = table
        self.coding = coding
        self.devices = devices
    }

    var requiredColumns: [String] { ["TIMESTAMP", "DEVICE_ID", "STAGE"] }

    var timeColumn: String { "TIMESTAMP" }
    var timeInMilliseconds: Bool { true }

    func query(columns: Set<String>, window: String) -> String {
        "SELECT rowid, TIMESTAMP, DEVICE_ID, STAGE FROM \(SQLiteDatabase.quoted(table)) \(window)ORDER BY TIMESTAMP, DEVICE_ID"
    }

    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector) {
        let start: Date, deviceID: Int64, code: Int64
        switch (row.instant(1, "TIMESTAMP", milliseconds: true), row.integer(2, "DEVICE_ID"), row.integer(3, "STAGE")) {
        case (.success(let time), .success(let device), .success(let value)): (start, deviceID, code) = (time, device, value)
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            return row.skip(problem, into: &collector)
        }
        if let previous = open[deviceID], let stage = previous.stage, start.timeIntervalSince(previous.start) <= Self.longestStage {
            let outcome = MeasuredRecords.sleep(
                source: Self.source(deviceID, devices), start: previous.start, end: start, stage: stage,
                place: "\(table) row \(previous.row)")
            collector.add(outcome, line: Int(clamping: previous.row))
        }
        open[deviceID] = (start, coding.stage(code), row.rowid)
    }
}
