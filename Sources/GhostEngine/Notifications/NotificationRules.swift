import CivilCalendar

/// When the Ghost may interrupt: a budget of non-urgent notifications per local day and quiet hours.
public struct NotificationRules: Codable, Sendable, Equatable {
    /// Notifications per local day (the seed's number: one). 0 turns delivery off; the inbox still fills.
    public var dailyBudget = 1
    /// Quiet hours, local wall time; `quietFrom` after `quietUntil` means the quiet spans midnight.
    public var quietFrom = TimeOfDay(hour: 21, minute: 30)
    public var quietUntil = TimeOfDay(hour: 7, minute: 0)

    public init() {}

    /// True when `time` falls in the quiet hours.
    public func isQuiet(at time: TimeOfDay) -> Bool {
        if quietFrom == quietUntil { return false }
        if quietFrom < quietUntil { return quietFrom <= time && time < quietUntil }
        return time >= quietFrom || time < quietUntil
    }
}
