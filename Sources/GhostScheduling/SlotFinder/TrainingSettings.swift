import GhostEngine
import CivilCalendar

/// What the user asked for: how often, how long, when, and how much room around meetings.
public struct TrainingSettings: Codable, Sendable, Equatable {
    /// Sessions wanted in each training week (`TrainingWeek`).
    public var sessionsPerWeek: Int
    /// The most sessions a week the plan grows to when the user trains more than they asked (`PlanFollowing`); never
    /// fewer than `sessionsPerWeek`, so 0 (the default) keeps the plan at `sessionsPerWeek`.
    public var sessionsPerWeekMax: Int
    /// Length of one session in minutes.
    public var durationMinutes: Int
    /// Windows the user likes; a slot wholly inside one scores higher.
    public var preferredWindows: [TimeWindow]
    /// The hours the user trains at on their own (`PlanFollowing.OwnHours`), which the week picture sets: a slot wholly
    /// inside scores as a preferred window, and a configured window beside them pulls less. Not a setting.
    public var ownHours: TimeWindow? = nil
    /// No session starts before this local time.
    public var earliest: TimeOfDay
    /// No session ends after this local time.
    public var latest: TimeOfDay
    /// Free minutes required before a session after a busy interval ends.
    public var bufferBeforeMinutes: Int
    /// Free minutes required after a session before a busy interval starts.
    public var bufferAfterMinutes: Int
    /// Weekdays never used (1 = Sunday … 7 = Saturday).
    public var restDays: [Int]
    /// Minimum hours from one session's start to the next one's start.
    public var minHoursBetweenSessions: Int
    /// The weekday a training week starts on (1 = Sunday … 7 = Saturday; 2, Monday, by default).
    public var firstWeekday: Int

    /// Creates settings; buffers default to 10 minutes (issue), the gap to 16 hours.
    public init(
        sessionsPerWeek: Int = 3, sessionsPerWeekMax: Int = 0, durationMinutes: Int = 45, preferredWindows: [TimeWindow] = [],
        earliest: TimeOfDay = TimeOfDay(hour: 6), latest: TimeOfDay = TimeOfDay(hour: 21),
        bufferBeforeMinutes: Int = 10, bufferAfterMinutes: Int = 10, restDays: [Int] = [],
        minHoursBetweenSessions: Int = 16, firstWeekday: Int = 2
    ) {
        self.sessionsPerWeek = sessionsPerWeek
        self.sessionsPerWeekMax = sessionsPerWeekMax
        self.durationMinutes = durationMinutes
        self.preferredWindows = preferredWindows
        self.earliest = earliest
        self.latest = latest
        self.bufferBeforeMinutes = bufferBeforeMinutes
        self.bufferAfterMinutes = bufferAfterMinutes
        self.restDays = restDays
        self.minHoursBetweenSessions = minHoursBetweenSessions
        self.firstWeekday = firstWeekday
    }

    private enum CodingKeys: String, CodingKey {
        case sessionsPerWeek, sessionsPerWeekMax, durationMinutes, preferredWindows, ownHours, earliest, latest, bufferBeforeMinutes, bufferAfterMinutes
        case restDays, minHoursBetweenSessions, firstWeekday
    }

    /// Decodes settings; settings saved before training weeks had a first weekday start on Monday, and those saved before
    /// the plan followed the user's training keep it at `sessionsPerWeek`.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        sessionsPerWeek = try keys.decode(Int.self, forKey: .sessionsPerWeek)
        sessionsPerWeekMax = try keys.value(.sessionsPerWeekMax, or: 0)
        durationMinutes = try keys.decode(Int.self, forKey: .durationMinutes)
        preferredWindows = try keys.decode([TimeWindow].self, forKey: .preferredWindows)
        ownHours = try keys.decodeIfPresent(TimeWindow.self, forKey: .ownHours)
        earliest = try keys.decode(TimeOfDay.self, forKey: .earliest)
        latest = try keys.decode(TimeOfDay.self, forKey: .latest)
        bufferBeforeMinutes = try keys.decode(Int.self, forKey: .bufferBeforeMinutes)
        bufferAfterMinutes = try keys.decode(Int.self, forKey: .bufferAfterMinutes)
        restDays = try keys.decode([Int].self, forKey: .restDays)
        minHoursBetweenSessions = try keys.decode(Int.self, forKey: .minHoursBetweenSessions)
        firstWeekday = try keys.value(.firstWeekday, or: 2)
    }

    /// Checks the settings can produce a block.
    /// - Throws: `SchedulingError.invalidSetting` naming the first setting that cannot work.
    public func validate() throws(SchedulingError) {
        guard sessionsPerWeek >= 0 else {
            throw .invalidSetting(name: "sessionsPerWeek", problem: "must not be negative")
        }
        guard sessionsPerWeekMax >= 0 else {
            throw .invalidSetting(name: "sessionsPerWeekMax", problem: "must not be negative")
        }
        guard durationMinutes > 0 else {
            throw .invalidSetting(name: "durationMinutes", problem: "must be at least 1")
        }
        guard earliest.isValid, latest.isValid, earliest.minuteOfDay + durationMinutes <= latest.minuteOfDay else {
            throw .invalidSetting(
                name: "earliest", problem: "to latest (\(earliest)–\(latest)) must fit one \(durationMinutes)-minute session")
        }
        guard bufferBeforeMinutes >= 0, bufferAfterMinutes >= 0, minHoursBetweenSessions >= 0 else {
            throw .invalidSetting(name: "bufferBeforeMinutes", problem: "buffers and the gap must not be negative")
        }
        guard (1...7).contains(firstWeekday) else {
            throw .invalidSetting(name: "firstWeekday", problem: "must be a weekday 1 (Sunday) … 7 (Saturday)")
        }
        guard restDays.allSatisfy({ (1...7).contains($0) }) else {
            throw .invalidSetting(name: "restDays", problem: "must be weekdays 1 (Sunday) … 7 (Saturday)")
        }
        for window in preferredWindows where !(window.from.isValid && window.to.isValid && window.from < window.to) {
            throw .invalidSetting(name: "preferredWindows", problem: "has \(window.from)–\(window.to), which is not a window")
        }
    }
}
