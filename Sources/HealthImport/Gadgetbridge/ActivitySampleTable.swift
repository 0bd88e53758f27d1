/// A per-minute activity sample table (`TIMESTAMP` in seconds, `DEVICE_ID`, `STEPS`, `RAW_KIND`): steps summed
/// per hour, and sleep segments where the table codes sleep (Mi Band, Amazfit, Zepp OS). A night the device's data
/// ends in is held back until a later copy shows its end (`NightInProgress`).
struct ActivitySampleTable: GadgetbridgeTableReader {
    let table: String
    /// How `RAW_KIND` codes sleep; `.huami` tables fall back to `.firstMiBand` for a first-generation Mi Band.
    let coding: SampleSleepCoding
    let devices: [Int64: GadgetbridgeDevice]
    private var states: [Int64: DeviceState] = [:]

    private struct DeviceState {
        var source: String
        var coding: SampleSleepCoding
        var steps = HourlySteps()
        var sleep = SleepRun()
        var night = NightInProgress()
        var carriedKind: Int64?
    }

    init(table: String, coding: SampleSleepCoding, devices: [Int64: GadgetbridgeDevice]) {
        self.table = table
        self.coding = coding
        self.devices = devices
    }

    var requiredColumns: [String] {
        coding == .none ? ["TIMESTAMP", "DEVICE_ID", "STEPS"] : ["TIMESTAMP", "DEVICE_ID", "STEPS", "RAW_KIND"]
    }

    var timeColumn: String { "TIMESTAMP" }
    var timeInMilliseconds: Bool { false }

    func query(columns: Set<String>, window: String) -> String {
        let kind = coding == .none ? "NULL" : "RAW_KIND"
        return "SELECT rowid, TIMESTAMP, DEVICE_ID, STEPS, \(kind) FROM \(SQLiteDatabase.quoted(table)) \(window)ORDER BY TIMESTAMP, DEVICE_ID"
    }

    mutating func read(_ row: GadgetbridgeRow, into collector: inout RecordCollector) {
        let timestamp: Int64, deviceID: Int64, steps: Int64
        switch (row.integer(1, "TIMESTAMP"), row.integer(2, "DEVICE_ID"), row.integer(3, "STEPS")) {
        case (.success(let time), .success(let device), .success(let count)): (timestamp, deviceID, steps) = (time, device, count)
        case (.failure(let problem), _, _), (_, .failure(let problem), _), (_, _, .failure(let problem)):
            return row.skip(problem, into: &collector)
        }
        guard HealthBounds.numericTimestampSeconds.contains(timestamp) else {
            return row.skip(row.problem(.badDate, "TIMESTAMP \(timestamp) is not a time between 2000 and 2100"), into: &collector)
        }
        var state = states[deviceID] ?? newState(deviceID)
        state.steps.add(timestamp: timestamp, steps: steps, row: row.rowid, table: table, source: state.source, into: &collector)
        if state.coding != .none {
            switch row.integer(4, "RAW_KIND") {
            case .success(let rawKind):
                let stage = state.coding.stage(rawKind: rawKind, carried: &state.carriedKind)
                if let ended = state.sleep.add(timestamp: timestamp, stage: stage, row: row.rowid, table: table, source: state.source) {
                    state.night.add(ended, into: &collector)
                }
                if stage == nil { state.night.awake(at: timestamp, into: &collector) }
            case .failure(let problem):
                row.skip(problem, into: &collector)
            }
        }
        states[deviceID] = state
    }

    mutating func finish(into collector: inout RecordCollector) {
        for id in states.keys.sorted() {
            guard var state = states[id] else { continue }
            state.steps.finish(table: table, source: state.source, into: &collector)
            let endsAsleep = state.sleep.isOpen
            if let ended = state.sleep.finish(table: table, source: state.source) { state.night.add(ended, into: &collector) }
            if endsAsleep {
                state.night.holdBack(into: &collector)
            } else {
                state.night.release(into: &collector)
            }
        }
        states = [:]
    }

    private func newState(_ id: Int64) -> DeviceState {
        let device = devices[id] ?? .unlisted(id)
        let coding = self.coding == .huami && device.isFirstMiBand ? SampleSleepCoding.firstMiBand : self.coding
        return DeviceState(source: device.name, coding: coding)
    }
}
