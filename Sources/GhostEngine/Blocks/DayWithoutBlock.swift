/// Why the evening cycle placed no block on a day: every "no block tomorrow" gets a receipt naming one of these.
public enum DayWithoutBlock: String, Codable, Sendable, CaseIterable {
    /// A rest day in the settings.
    case restDay
    /// The user travels that day.
    case travel
    /// Busy time, buffers and sacred time leave no room that day.
    case noFreeSlot
    /// The training week has its sessions: done, missed, on the calendar or planned on other days (the plan's
    /// sentence gives the counts: `WeekTally.fullSentence`).
    case weekFull
    /// The training week falls short, and a session that day would be too close to another (the minimum gap).
    case tooCloseToAnotherSession
    /// Recovery time (`vigorctl crashing`) is running.
    case recoveryTime
    /// No calendar could be read, so the day's busy time is unknown.
    case unknownDay
    /// The user's injuries, equipment or session length rule out every kind of session (`[profile]`, `SessionKindChoice`).
    case noSessionKind

    /// The plain-English reason a receipt gives.
    public var sentence: String {
        switch self {
        case .restDay: "It is a rest day, so I placed no workout."
        case .travel: "You are travelling that day, so I placed no workout."
        case .noFreeSlot: "Your calendar, the buffers around it and your protected time leave no free slot that day."
        case .weekFull: "This week already has the sessions you asked for, counting those done, missed, on your calendar and planned on other days."
        case .tooCloseToAnotherSession: "A session that day would be too close to another one (your minimum hours between sessions)."
        case .recoveryTime: "Recovery time is running, so I placed nothing."
        case .unknownDay: "I could not read your calendars, so I do not know that day's busy time."
        case .noSessionKind: "Your injuries, equipment or session length rule out every kind of session I propose, so I placed no workout."
        }
    }
}
