import CivilCalendar

/// One entry of `data.metrics[]`: the metrics vigord uses become samples, every other metric is ignored.
struct HealthAutoExportMetric {
    /// The metric's snake_case name, e.g. "heart_rate_variability".
    let name: String
    let units: String?

    init(_ object: [String: Any]) {
        name = JSONFieldValue.string(object["name"]) ?? ""
        units = JSONFieldValue.string(object["units"])
    }

    /// The kinds a quantity metric is read as.
    private static let quantities: [String: HealthKind] = [
        "heart_rate_variability": .hrv, "resting_heart_rate": .restingHeartRate, "step_count": .steps,
    ]

    /// The stages of unaggregated sleep ("value") as vigord names them; "Asleep" and "Unspecified" are sleep
    /// without a stage.
    private static let sleepStages: [String: String] = [
        "Awake": "awake", "Asleep": "asleep", "Unspecified": "asleep", "In Bed": "inBed", "InBed": "inBed",
        "Core": "core", "REM": "rem", "Deep": "deep",
    ]

    func outcome(_ entry: [String: Any]?) -> RecordOutcome {
        guard let entry else { return .skipped(.malformedLine, "a \(name) entry that is not a JSON object") }
        if name == "sleep_analysis" {
            return entry["value"] != nil ? unaggregatedSleep(entry) : aggregatedSleep(entry)
        }
        guard let kind = Self.quantities[name] else { return .ignored }
        let date: String
        switch HealthAutoExportFields.timestamp(entry["date"], field: "\(name) date") {
        case .success(let text): date = text
        case .failure(let skip): return skip.outcome
        }
        var fields = TextFields()
        fields.type = kind.rawValue
        fields.start = date
        fields.value = JSONFieldValue.number(entry["qty"])
        fields.unit = units.map { $0 == "count/min" ? "bpm" : $0 }
        fields.source = JSONFieldValue.string(entry["source"]) ?? HealthAutoExportFields.defaultSource
        return TextRecordBuilder.build(fields)
    }

    /// One stage of one night: `startDate`, `endDate` and `value` ("Core", "REM", "Awake"…).
    private func unaggregatedSleep(_ entry: [String: Any]) -> RecordOutcome {
        let value = JSONFieldValue.string(entry["value"]) ?? ""
        guard let stage = Self.sleepStages[value] else {
            return .skipped(.unknownValue, "unknown sleep value \"\(value)\" (Health Auto Export writes "
                + "\(Self.sleepStages.keys.sorted().joined(separator: ", ")))")
        }
        return sleep(start: entry["startDate"], end: entry["endDate"], stage: stage, entry: entry)
    }

    /// A night in one entry: the time asleep (`totalSleep`, or `asleep` in older exports, in the metric's units)
    /// is stored as one segment from `sleepStart`; a night with no time asleep, as its time in bed.
    private func aggregatedSleep(_ entry: [String: Any]) -> RecordOutcome {
        let asleep = JSONFieldValue.number(entry["totalSleep"] ?? entry["asleep"])
        guard case .number(let amount) = asleep, amount > 0 else {
            return sleep(start: entry["inBedStart"], end: entry["inBedEnd"], stage: "inBed", entry: entry)
        }
        let factors: [String: Double] = ["hr": 3600, "h": 3600, "min": 60]
        guard let factor = factors[units ?? "hr"] else {
            return .skipped(.badUnit, "unknown unit \"\(units ?? "")\" for sleep_analysis (Health Auto Export writes hr)")
        }
        let start: String
        switch HealthAutoExportFields.timestamp(entry["sleepStart"], field: "sleepStart") {
        case .success(let text): start = text
        case .failure(let skip): return skip.outcome
        }
        guard case .success(let startDate) = RFC3339.parse(start) else { return .skipped(.badDate, "sleepStart \"\(start)\"") }
        var fields = TextFields()
        fields.type = HealthKind.sleep.rawValue
        fields.start = start
        fields.end = RFC3339.text(startDate.addingTimeInterval(amount * factor))
        fields.detail = "asleep"
        fields.source = JSONFieldValue.string(entry["source"] ?? entry["sleepSource"]) ?? HealthAutoExportFields.defaultSource
        return TextRecordBuilder.build(fields)
    }

    private func sleep(start: Any?, end: Any?, stage: String, entry: [String: Any]) -> RecordOutcome {
        var fields = TextFields()
        fields.type = HealthKind.sleep.rawValue
        switch (HealthAutoExportFields.timestamp(start, field: "sleep start"), HealthAutoExportFields.timestamp(end, field: "sleep end")) {
        case (.success(let from), .success(let to)): (fields.start, fields.end) = (from, to)
        case (.failure(let skip), _), (_, .failure(let skip)): return skip.outcome
        }
        fields.detail = stage
        fields.source = JSONFieldValue.string(entry["source"]) ?? HealthAutoExportFields.defaultSource
        return TextRecordBuilder.build(fields)
    }
}
