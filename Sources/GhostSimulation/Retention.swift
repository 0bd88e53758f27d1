/// When a simulated user stops using vigord. Weeks are weeks of use: days 1–7, 8–14, …; a rule met on a day makes
/// the user leave at that day's end (the run stops there).
public struct RetentionRules: Codable, Sendable, Equatable {
    /// A week with at least this many questions (proposals, move proposals, triage questions) is a nagging week…
    public var questionsPerWeek: Int
    /// …and the user leaves at the end of this many nagging weeks in a row.
    public var naggingWeeks: Int
    /// The user leaves at the end of a week with at least this many blocks ignored (missed) or deleted.
    public var ignoredPerWeek: Int
    /// The user leaves when this many days passed since the first block (or since the last workout done in a block)
    /// with no workout done in a Ghost block: no value.
    public var daysWithoutValue: Int

    /// Creates rules.
    public init(questionsPerWeek: Int, naggingWeeks: Int, ignoredPerWeek: Int, daysWithoutValue: Int) {
        self.questionsPerWeek = questionsPerWeek
        self.naggingWeeks = naggingWeeks
        self.ignoredPerWeek = ignoredPerWeek
        self.daysWithoutValue = daysWithoutValue
    }

    /// Why the user leaves at the end of the last of `days` (day 1 first, none skipped); nil: they stay.
    public func departure(after days: [DayRecord]) -> Departure? {
        guard let today = days.last else { return nil }
        if today.day % 7 == 0 {
            let weeks = stride(from: today.day, to: 0, by: -7).prefix(naggingWeeks).map { end in
                days.filter { $0.day > end - 7 && $0.day <= end }
            }
            if weeks.count == naggingWeeks, weeks.allSatisfy({ $0.reduce(0) { $0 + $1.questions } >= questionsPerWeek }) {
                return Departure(day: today.day, reason: .tooManyQuestions)
            }
            let week = days.filter { $0.day > today.day - 7 }
            let ignored = week.reduce(0) { $0 + $1.deletions + $1.blocks.filter { $0.status == .missed }.count }
            if ignored >= ignoredPerWeek { return Departure(day: today.day, reason: .blocksIgnored) }
        }
        if let firstBlock = days.first(where: { !$0.blocks.isEmpty })?.day {
            let lastValue = days.last { $0.workout?.inGhostBlock == true }?.day
            let since = lastValue.map { $0 + 1 } ?? firstBlock
            if today.day - since + 1 >= daysWithoutValue { return Departure(day: today.day, reason: .noValue) }
        }
        return nil
    }

    /// Checks every threshold.
    /// - Throws: `ScenarioError` naming the key path under `path`.
    func validate(_ path: String) throws(ScenarioError) {
        for (key, value) in [
            ("questionsPerWeek", questionsPerWeek), ("naggingWeeks", naggingWeeks), ("ignoredPerWeek", ignoredPerWeek),
            ("daysWithoutValue", daysWithoutValue),
        ] where value < 1 {
            throw ScenarioError(path: "\(path).\(key)", message: "must be 1 or more, is \(value)")
        }
    }
}

/// A user who stopped using vigord: the last day they used it and why.
public struct Departure: Codable, Sendable, Equatable {
    public let day: Int
    public let reason: Reason

    /// Creates a departure.
    public init(day: Int, reason: Reason) {
        self.day = day
        self.reason = reason
    }

    public enum Reason: String, Codable, Sendable, CaseIterable {
        case tooManyQuestions, blocksIgnored, noValue
    }
}
