/// The clean receipt of a week: abstract achievements and week dots, no numbers at all (no counts, no
/// dates, no biometrics), so it can be shared. Thresholds are documented in Docs/engine.md.
public struct CleanWeek: Codable, Sendable, Equatable {
    /// Achievement phrases, strongest first, e.g. "Four weeks strong", "Consistent", "On track", "Flowing".
    public let achievements: [String]
    /// One circle per day, Monday first: `●` done, `○` planned and not done, `·` nothing planned.
    public let dots: String

    /// The clean receipt of `receipt`.
    public init(_ receipt: WeeklyValueReceipt) {
        var achievements: [String] = []
        if receipt.strongWeeks >= 2 {
            achievements.append("\(SpelledNumber.capitalized(receipt.strongWeeks)) weeks strong")
        }
        if receipt.completed + receipt.unplannedWorkouts >= CleanWeekRules.consistentWorkouts { achievements.append("Consistent") }
        if receipt.scheduled > 0, Double(receipt.completed) >= Double(receipt.scheduled) * CleanWeekRules.onTrackShare {
            achievements.append("On track")
        }
        if receipt.trustPhase >= .autoScheduler, receipt.scheduled >= CleanWeekRules.flowingBlocks { achievements.append("Flowing") }
        if achievements.isEmpty { achievements.append(receipt.strongWeeks == 1 ? "A strong week" : "A week to build on") }
        self.achievements = achievements
        dots = String(receipt.dots.map { mark -> Character in
            switch mark {
            case "●": "●"
            case "○", "×": "○"
            default: "·"
            }
        })
    }

    /// One line: the achievements joined by " · ", two spaces, the dots.
    public var line: String {
        achievements.joined(separator: " · ") + "  " + dots
    }
}

/// The thresholds of the clean receipt's achievements, from the seed's mapping (12 workouts → "Consistent",
/// a 4-week streak → "4 weeks strong", 85 % completion → "On track", 3 auto-scheduled → "Flowing").
public enum CleanWeekRules {
    /// Workouts in the week (completed blocks and workouts on one's own) for "Consistent": the seed's 12 over four weeks.
    public static let consistentWorkouts = 3
    /// Share of the week's scheduled blocks completed for "On track".
    public static let onTrackShare = 0.85
    /// Blocks on the calendar in a phase where the Ghost writes them itself, for "Flowing".
    public static let flowingBlocks = 3
}

/// Whole numbers as English words, so clean text carries no digits ("four", "twenty-one").
public enum SpelledNumber {
    private static let ones = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// `number` in words for 0…99; "many" beyond (a streak of a hundred weeks needs no exact count).
    public static func words(_ number: Int) -> String {
        switch number {
        case ..<0: "many"
        case 0..<20: ones[number]
        case 20..<100: tens[number / 10] + (number % 10 == 0 ? "" : "-" + ones[number % 10])
        default: "many"
        }
    }

    /// `words(number)` with a capital first letter.
    public static func capitalized(_ number: Int) -> String {
        let text = words(number)
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
