import GhostEngine
import CivilCalendar

/// Numbers of sacred time: protected mornings, lunch and categories (learned slots are the engine's triage).
public struct SacredRules: Codable, Sendable, Equatable {
    /// Saturday and Sunday are protected from midnight until this local time.
    public var weekendMorningUntil = TimeOfDay(hour: 9, minute: 0)
    /// The lunch window protected every day unless `lunchOptIn`.
    public var lunch = TimeWindow(from: TimeOfDay(hour: 12, minute: 0), to: TimeOfDay(hour: 13, minute: 0))
    /// True when the user allows workouts over lunch.
    public var lunchOptIn = false
    /// Categories of recurring personal events that are protected (compared case-insensitively).
    public var protectedCategories = ["family", "personal", "religious"]

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = SacredRules()
        weekendMorningUntil = try keys.value(.weekendMorningUntil, or: standard.weekendMorningUntil)
        lunch = try keys.value(.lunch, or: standard.lunch)
        lunchOptIn = try keys.value(.lunchOptIn, or: standard.lunchOptIn)
        protectedCategories = try keys.value(.protectedCategories, or: standard.protectedCategories)
    }
}
