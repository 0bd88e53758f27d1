/// Gadgetbridge's `ActivityKind` codes (as stored in `BASE_ACTIVITY_SUMMARY.ACTIVITY_KIND`) as vigord's
/// activity names, the vocabulary Apple's workout types give (`running`, `traditionalStrengthTraining`, …).
enum GadgetbridgeActivityKind {
    static func activity(_ code: Int64) -> String {
        names[code] ?? "other"
    }

    private static let names: [Int64: String] = [
        0x10: "running", 0x100: "running", 0x0400_0001: "running",  // running, treadmill, indoor track
        0x20: "walking", 0x0400_0012: "walking",  // walking, indoor walking
        0x40: "swimming", 0x400: "swimming", 0x0400_000A: "swimming",  // swimming, open water, pool
        0x80: "cycling", 0x800: "cycling", 0x0400_0003: "cycling", 0x0400_0004: "cycling",  // cycling, indoor, e-bike, commute
        0x0040_0000: "hiking",
        0x0020_0000: "traditionalStrengthTraining",
        0x1000: "elliptical",
        0x2000: "jumpRope",
        0x4000: "yoga",
        0x8000: "soccer",
        0x10000: "rowing", 0x0400_0016: "rowing",  // rowing machine, rowing
        0x20000: "cricket",
        0x40000: "basketball",
        0x80000: "tableTennis", 0x0400_000D: "tableTennis",
        0x100000: "badminton",
        0x80_0000: "climbing", 0x0400_0026: "climbing", 0x0400_0027: "climbing", 0x0400_0017: "climbing",
        0x0400_0008: "stairClimbing",
        0x0400_0009: "pilates",
        0x0400_000B: "tennis",
        0x0400_000E: "americanFootball",
        0x0400_0010: "mixedCardio",
        0x0400_0013: "crossCountrySkiing",
        0x0400_0014: "downhillSkiing",
        0x0400_0015: "snowboarding",
        0x0400_001A: "paddleSports", 0x0400_0030: "paddleSports", 0x0400_0034: "paddleSports",  // paddling, SUP, kayaking
        0x0400_0020: "golf",
        0x0400_0031: "surfingSports",
        0x0400_002C: "skatingSports", 0x0400_0025: "skatingSports",  // ice skating, inline skating
        0x0400_003A: "boxing",
        0x0400_0045: "highIntensityIntervalTraining",
        0x0400_0050: "mindAndBody",
    ]
}
