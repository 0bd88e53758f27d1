/// When the Ghost may interrupt: a budget of non-urgent notifications per local day and quiet hours.
public struct NotificationRules: Codable, Sendable, Equatable {
    /// Notifications per local day (the seed's number: one). 0 turns delivery off; the inbox still fills.
    public var dailyBudget = 1
    /// Quiet hours, local wall time; `quietFrom` after `quietUntil` means the quiet spans midnight.
    public var quietFrom = WallClockTime(hour: 21, minute: 30)
    public var quietUntil = WallClockTime(hour: 7, minute: 0)

    public init() {}

    /// True when `time` falls in the quiet hours.
    public func isQuiet(at time: WallClockTime) -> Bool {
        if quietFrom == quietUntil { return false }
        if quietFrom < quietUntil { return quietFrom <= time && time < quietUntil }
        return time >= quietFrom || time < quietUntil
    }
}

/// A local wall time of day.
public struct WallClockTime: Codable, Sendable, Equatable, Comparable {
    public let hour: Int
    public let minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    public static func < (lhs: WallClockTime, rhs: WallClockTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// "21:30".
    public var text: String { "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)" }
}
