import Foundation

/// A model of how people answer a plan, shared by every user of a population: each user draws their habit's hour and
/// their short nights from it; the habit's chances per weekday and the response to a block are the model's. Shipped:
/// `pessimistic`, `central`, `optimistic` (`BehaviourModel.shipped`, Docs/simulation.md gives their reasons).
public struct BehaviourModel: Codable, Sendable, Equatable {
    /// Shown in the report.
    public var name: String
    /// The hour a user trains at on their own, drawn by weight.
    public var habitHours: [HabitHourOption]
    /// Chance of training on one's own, Monday first (7 values).
    public var habitByWeekday: [Double]
    /// How a user answers a block.
    public var response: BlockResponse
    /// Chance, each day, that the night before was short (below `response.shortNightMinutes`).
    public var shortNightChance: Double
    /// When a user stops using vigord.
    public var retention: RetentionRules

    /// The behaviour of a user whose habit's hour is `hour` and whose short nights are `shortNights`.
    func behaviour(hour: Int, shortNights: [Int]) -> TrainingBehaviour {
        TrainingBehaviour(
            habit: TrainingHabit(byWeekday: habitByWeekday, hour: hour), response: response, shortNights: shortNights)
    }

    /// Checks weights, chances and hours.
    /// - Throws: `ScenarioError` naming the key path under `path`.
    func validate(_ path: String) throws(ScenarioError) {
        guard !name.isEmpty else { throw ScenarioError(path: "\(path).name", message: "must not be empty") }
        guard !habitHours.isEmpty, habitHours.allSatisfy({ $0.weight.isFinite && $0.weight >= 0 }),
              habitHours.reduce(0, { $0 + $1.weight }) > 0
        else {
            throw ScenarioError(path: "\(path).habitHours", message: "needs options with weights ≥ 0, not all 0")
        }
        try ScenarioError.checkChance("\(path).shortNightChance", shortNightChance)
        try retention.validate("\(path).retention")
        for (index, option) in habitHours.enumerated() {
            try behaviour(hour: option.hour, shortNights: []).validate("\(path).habitHours[\(index)]")
        }
    }
}

/// An hour one trains at on one's own, with its weight.
public struct HabitHourOption: Codable, Sendable, Equatable {
    public var hour: Int
    public var weight: Double
}

extension BehaviourModel {
    /// The shipped models, as `Fixtures/population/models.json` spells them (a test keeps the two equal).
    public static let shippedJSON = #"""
    [
      {"name": "pessimistic",
       "habitHours": [{"hour": 7, "weight": 2}, {"hour": 12, "weight": 1}, {"hour": 18, "weight": 4}, {"hour": 20, "weight": 3}],
       "habitByWeekday": [0.15, 0.15, 0.15, 0.15, 0.1, 0.2, 0.2],
       "response": {"accepted": 0.55, "written": 0.4, "perHourFromHabit": 0.2, "farFromHabit": 0.25,
                    "busyDay": 0.6, "busyDayHours": 9, "shortNight": 0.6, "shortNightMinutes": 360},
       "shortNightChance": 0.25,
       "retention": {"questionsPerWeek": 5, "naggingWeeks": 1, "ignoredPerWeek": 2, "daysWithoutValue": 14}},
      {"name": "central",
       "habitHours": [{"hour": 7, "weight": 3}, {"hour": 12, "weight": 1}, {"hour": 18, "weight": 4}, {"hour": 20, "weight": 2}],
       "habitByWeekday": [0.3, 0.3, 0.3, 0.3, 0.2, 0.35, 0.35],
       "response": {"accepted": 0.75, "written": 0.6, "perHourFromHabit": 0.15, "farFromHabit": 0.4,
                    "busyDay": 0.75, "busyDayHours": 9, "shortNight": 0.75, "shortNightMinutes": 360},
       "shortNightChance": 0.15,
       "retention": {"questionsPerWeek": 7, "naggingWeeks": 2, "ignoredPerWeek": 3, "daysWithoutValue": 21}},
      {"name": "optimistic",
       "habitHours": [{"hour": 7, "weight": 3}, {"hour": 12, "weight": 2}, {"hour": 18, "weight": 4}, {"hour": 20, "weight": 1}],
       "habitByWeekday": [0.45, 0.45, 0.45, 0.45, 0.35, 0.5, 0.5],
       "response": {"accepted": 0.9, "written": 0.8, "perHourFromHabit": 0.1, "farFromHabit": 0.6,
                    "busyDay": 0.85, "busyDayHours": 9, "shortNight": 0.85, "shortNightMinutes": 360},
       "shortNightChance": 0.1,
       "retention": {"questionsPerWeek": 10, "naggingWeeks": 3, "ignoredPerWeek": 4, "daysWithoutValue": 28}}
    ]

    """#

    /// The shipped models, pessimistic first.
    /// - Throws: `ScenarioError` only if `shippedJSON` were broken (a test reads it).
    public static func shipped() throws(ScenarioError) -> [BehaviourModel] {
        let models: [BehaviourModel]
        do {
            models = try JSONDecoder().decode([BehaviourModel].self, from: Data(shippedJSON.utf8))
        } catch let error as DecodingError {
            throw ScenarioError(decoding: error)
        } catch {
            throw ScenarioError(path: "", message: "could not read the shipped models: \(error)")
        }
        for (index, model) in models.enumerated() { try model.validate("[\(index)]") }
        return models
    }
}
