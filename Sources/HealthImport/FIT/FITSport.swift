/// FIT's `sport` and `sub_sport` enums as vigord's activity names (the vocabulary Apple's workout types
/// give: `running`, `traditionalStrengthTraining`, …); anything else is `other`.
enum FITSport {
    static func activity(sport: UInt8?, subSport: UInt8?) -> String {
        guard let sport else { return "other" }
        if let subSport, let name = bySubSport[sport]?[subSport] { return name }
        return bySport[sport] ?? "other"
    }

    private static let bySport: [UInt8: String] = [
        1: "running", 2: "cycling", 5: "swimming", 6: "basketball", 7: "soccer", 8: "tennis", 9: "americanFootball",
        11: "walking", 12: "crossCountrySkiing", 13: "downhillSkiing", 14: "snowboarding", 15: "rowing",
        16: "climbing", 17: "hiking", 19: "paddleSports", 21: "cycling", 25: "golf", 30: "skatingSports",
        31: "climbing", 32: "sailing", 33: "skatingSports", 37: "paddleSports", 38: "surfingSports", 41: "paddleSports",
        47: "boxing", 62: "highIntensityIntervalTraining",
    ]

    /// Sub-sports that say more than their sport: fitness equipment (4) and training (10).
    private static let bySubSport: [UInt8: [UInt8: String]] = [
        4: [14: "rowing", 15: "elliptical", 16: "stairClimbing", 44: "pilates"],
        10: [19: "flexibility", 20: "traditionalStrengthTraining", 26: "mixedCardio", 43: "yoga", 44: "pilates"],
    ]
}
