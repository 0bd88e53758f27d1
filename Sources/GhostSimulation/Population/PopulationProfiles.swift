import CivilCalendar
import Foundation
import GhostEngine

/// The kinds of people a population is drawn from: for each trait, named options with weights; each user gets one
/// option of every trait, drawn independently in proportion to the weights. Decoded from JSON (see
/// Docs/simulation.md, "Population"); `PopulationProfiles.standard` is the shipped default.
public struct PopulationProfiles: Codable, Sendable, Equatable {
    /// First simulated local day of every user, `YYYY-MM-DD`.
    public var startDate: String
    /// IANA zone of every user.
    public var timeZone: String
    /// Every user's `config.toml` text (string or lines); empty: vigord's defaults.
    public var config: String
    /// Calendars, generated as ICS text.
    public var calendars: [CalendarProfile]
    /// How often they work out, by day.
    public var attendance: [AttendanceProfile]
    /// What tells the Ghost about workouts and health.
    public var wearables: [WearableProfile]
    /// How often they check in in the morning.
    public var checkIns: [CheckInProfile]
    /// How they answer the Ghost.
    public var answering: [AnsweringProfile]
    /// Chances of life events, once per user.
    public var lifeEvents: LifeEventChances
    /// Chances of injected failures.
    public var failures: FailureChances
    /// How the users answer the plan; nil: each user's `attendance` scripts their workouts, block or not.
    public var model: BehaviourModel?

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        startDate = try keys.decode(String.self, forKey: .startDate)
        timeZone = try keys.decode(String.self, forKey: .timeZone)
        if !keys.contains(.config) {
            config = ""
        } else {
            do {
                config = try keys.decode(String.self, forKey: .config)
            } catch DecodingError.typeMismatch {
                config = try keys.decode([String].self, forKey: .config).map { $0 + "\n" }.joined()
            }
        }
        calendars = try keys.decode([CalendarProfile].self, forKey: .calendars)
        attendance = try keys.decode([AttendanceProfile].self, forKey: .attendance)
        wearables = try keys.decode([WearableProfile].self, forKey: .wearables)
        checkIns = try keys.decode([CheckInProfile].self, forKey: .checkIns)
        answering = try keys.decode([AnsweringProfile].self, forKey: .answering)
        lifeEvents = try keys.decode(LifeEventChances.self, forKey: .lifeEvents)
        failures = try keys.decode(FailureChances.self, forKey: .failures)
        model = try keys.decodeIfPresent(BehaviourModel.self, forKey: .model)
    }
}

/// A kind of calendar, generated as ICS (`PopulationCalendar`).
public enum CalendarKind: String, Codable, Sendable, CaseIterable {
    /// A dinner a week and a fortnightly Saturday morning.
    case light
    /// Work 09–17 on weekdays, back-to-back from 07:30 on Tuesdays and Thursdays.
    case office
    /// Office hours, and one week in three on call 06:00–09:00 and 18:00–23:00 every day.
    case onCall
    /// Alternating weeks of early (06–14) and late (14–22) weekday shifts.
    case shift
    /// School runs 07:15–08:15 and 15:00–16:00, work 09:00–14:45 on weekdays.
    case parent
    /// Office hours, and an all-day "Flight to Lisbon" every other Monday and "Flight home" that Thursday.
    case traveller
}

/// A calendar option.
public struct CalendarProfile: Codable, Sendable, Equatable {
    public var kind: CalendarKind
    public var weight: Double
    /// Days of the past the calendar holds at install (its events recur from then); absent: 0.
    public var historyDays: Int

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        kind = try keys.decode(CalendarKind.self, forKey: .kind)
        weight = try keys.decode(Double.self, forKey: .weight)
        historyDays = try keys.decodeIfPresent(Int.self, forKey: .historyDays) ?? 0
    }
}

/// An attendance course: as a scenario's `completion` (periods by day), with a `model` the day's readiness (a factor
/// on the model's chances: 1 as the model says, 0 ill or lapsed), without one the chance of working out each day.
public struct AttendanceProfile: Codable, Sendable, Equatable {
    public var name: String
    public var weight: Double
    public var completion: CompletionBehaviour
}

/// A wearable: how workouts reach the Ghost, the daily signal coverage it gives, and how its data reaches vigord.
public struct WearableProfile: Codable, Sendable, Equatable {
    public var name: String
    public var weight: Double
    public var workoutReports: WorkoutReporting
    public var coverage: ValueRange
    /// How its data reaches vigord, drawn per user (`DeliveryProfile`); absent: at once.
    public var delivery: DeliveryProfile?
}

/// A check-in habit.
public struct CheckInProfile: Codable, Sendable, Equatable {
    public var name: String
    public var weight: Double
    public var rate: Double
}

/// An answering style.
public struct AnsweringProfile: Codable, Sendable, Equatable {
    public var name: String
    public var weight: Double
    /// Chance a proposal is answered at all.
    public var answerRate: Double
    /// Chance an answered proposal (or move) is accepted.
    public var acceptRate: Double
    /// Chance a triage question is answered the same evening.
    public var triageAnswerRate: Double
    /// Chance, each day, of deleting that day's auto-scheduled block.
    public var deleteRate: Double
}

/// Chances that a user has each life event once, on a day drawn uniformly.
public struct LifeEventChances: Codable, Sendable, Equatable {
    /// A week ill: no workouts, and "felt unwell" to every triage question asked that week.
    public var illnessWeek: Double
    /// A week away (`vigorctl travel set`).
    public var travelWeek: Double
    /// A day on which the red button is pressed at 06:00 for 240 minutes.
    public var crashDay: Double
}

/// Chances of injected failures.
public struct FailureChances: Codable, Sendable, Equatable {
    /// Each day: its calendar cannot be read (an unknown day; the evening before counts a failed read).
    public var unreadableCalendarDay: Double
    /// Each day: the evening's notification cannot be delivered.
    public var failedNotification: Double
    /// Once per wearable user: four days without health data.
    public var staleHealthStretch: Double
}

extension PopulationProfiles {
    /// Decodes and checks a profiles file.
    /// - Throws: `ScenarioError` naming the key path of the first problem.
    public static func load(from data: Data) throws(ScenarioError) -> PopulationProfiles {
        let profiles: PopulationProfiles
        do {
            profiles = try JSONDecoder().decode(PopulationProfiles.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioError(decoding: error)
        } catch {
            throw ScenarioError(path: "", message: "could not read the profiles: \(error)")
        }
        try profiles.validate()
        return profiles
    }

    /// Checks weights and chances.
    /// - Throws: `ScenarioError` naming the key path of the first problem.
    public func validate() throws(ScenarioError) {
        guard LocalDay(iso: startDate) != nil else { throw ScenarioError(path: "startDate", message: "'\(startDate)' is not a date in YYYY-MM-DD form") }
        guard TimeZone(identifier: timeZone) != nil else { throw ScenarioError(path: "timeZone", message: "'\(timeZone)' is not a known IANA time zone") }
        try Self.checkWeights("calendars", calendars.map(\.weight))
        for (index, option) in calendars.enumerated() where !(0...365).contains(option.historyDays) {
            throw ScenarioError(path: "calendars[\(index)].historyDays", message: "must be 0…365, is \(option.historyDays)")
        }
        try Self.checkWeights("attendance", attendance.map(\.weight))
        try Self.checkWeights("wearables", wearables.map(\.weight))
        try Self.checkWeights("checkIns", checkIns.map(\.weight))
        try Self.checkWeights("answering", answering.map(\.weight))
        for (index, option) in attendance.enumerated() {
            try ScenarioError.checkChance("attendance[\(index)].completion.rate", option.completion.rate)
            for (period, range) in option.completion.periods.enumerated() {
                try ScenarioError.checkChance("attendance[\(index)].completion.periods[\(period)].rate", range.rate)
                guard range.fromDay >= 1, range.toDay >= range.fromDay else {
                    throw ScenarioError(path: "attendance[\(index)].completion.periods[\(period)]", message: "needs 1 ≤ fromDay ≤ toDay")
                }
            }
        }
        for (index, option) in wearables.enumerated() {
            try ScenarioError.checkChance("wearables[\(index)].coverage.min", option.coverage.min)
            try ScenarioError.checkChance("wearables[\(index)].coverage.max", option.coverage.max)
            guard option.coverage.min <= option.coverage.max else {
                throw ScenarioError(path: "wearables[\(index)].coverage", message: "min must not exceed max")
            }
        }
        for (index, option) in wearables.enumerated() { try option.delivery?.validate("wearables[\(index)].delivery") }
        for (index, option) in checkIns.enumerated() { try ScenarioError.checkChance("checkIns[\(index)].rate", option.rate) }
        for (index, option) in answering.enumerated() {
            try ScenarioError.checkChance("answering[\(index)].answerRate", option.answerRate)
            try ScenarioError.checkChance("answering[\(index)].acceptRate", option.acceptRate)
            try ScenarioError.checkChance("answering[\(index)].triageAnswerRate", option.triageAnswerRate)
            try ScenarioError.checkChance("answering[\(index)].deleteRate", option.deleteRate)
        }
        try ScenarioError.checkChance("lifeEvents.illnessWeek", lifeEvents.illnessWeek)
        try ScenarioError.checkChance("lifeEvents.travelWeek", lifeEvents.travelWeek)
        try ScenarioError.checkChance("lifeEvents.crashDay", lifeEvents.crashDay)
        try ScenarioError.checkChance("failures.unreadableCalendarDay", failures.unreadableCalendarDay)
        try ScenarioError.checkChance("failures.failedNotification", failures.failedNotification)
        try ScenarioError.checkChance("failures.staleHealthStretch", failures.staleHealthStretch)
        try model?.validate("model")
    }

    private static func checkWeights(_ path: String, _ weights: [Double]) throws(ScenarioError) {
        guard !weights.isEmpty else { throw ScenarioError(path: path, message: "needs at least one option") }
        for (index, weight) in weights.enumerated() where !(weight.isFinite && weight >= 0) {
            throw ScenarioError(path: "\(path)[\(index)].weight", message: "must be a number ≥ 0, is \(weight)")
        }
        guard weights.reduce(0, +) > 0 else { throw ScenarioError(path: path, message: "weights must not all be 0") }
    }
}

