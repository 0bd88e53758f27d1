/// One entry of `data.workouts[]` (the app's version 2): `name`, `start`, `end`, `duration` in seconds and
/// `activeEnergyBurned` `{qty, units}`. The activity is the name in Apple's words: "Traditional Strength Training"
/// becomes "traditionalStrengthTraining" and "Outdoor Run" becomes "running", as in an Apple Health export.
enum HealthAutoExportWorkout {
    static func outcome(_ entry: [String: Any]?) -> RecordOutcome {
        guard let entry else { return .skipped(.malformedLine, "a workout that is not a JSON object") }
        var fields = TextFields()
        fields.type = "workout"
        switch (HealthAutoExportFields.timestamp(entry["start"], field: "workout start"),
                HealthAutoExportFields.timestamp(entry["end"], field: "workout end")) {
        case (.success(let start), .success(let end)): (fields.start, fields.end) = (start, end)
        case (.failure(let skip), _), (_, .failure(let skip)): return skip.outcome
        }
        fields.value = JSONFieldValue.number(entry["duration"])
        fields.unit = "s"
        let energy = (entry["activeEnergyBurned"] ?? entry["activeEnergy"]) as? [String: Any]
        fields.energy = JSONFieldValue.number(energy?["qty"])
        fields.energyUnit = JSONFieldValue.string(energy?["units"])
        fields.detail = JSONFieldValue.string(entry["name"]).map(activity)
        fields.source = JSONFieldValue.string(entry["source"]) ?? HealthAutoExportFields.defaultSource
        return TextRecordBuilder.build(fields)
    }

    /// The names Apple's Workout app gives with a place ("Outdoor Run", "Pool Swim"), as the activity they are.
    private static let placed: [String: String] = [
        "Outdoor Run": "running", "Indoor Run": "running", "Outdoor Walk": "walking", "Indoor Walk": "walking",
        "Outdoor Cycle": "cycling", "Indoor Cycle": "cycling", "Pool Swim": "swimming", "Open Water Swim": "swimming",
        "HIIT": "highIntensityIntervalTraining",
    ]

    /// "Traditional Strength Training" → "traditionalStrengthTraining"; "Outdoor Run" → "running".
    static func activity(_ name: String) -> String {
        if let known = placed[name] { return known }
        let words = name.split { !$0.isLetter && !$0.isNumber }
        guard let first = words.first else { return "other" }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }
}
