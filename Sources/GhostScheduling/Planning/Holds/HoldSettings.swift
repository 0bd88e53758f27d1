/// When a hold turns busy to others (`[calendar.hold]`): within `defendHours` of its start, or as soon as the free
/// time of its day (inside `[training]` earliest–latest) drops below `defendWhenFreeBelowMinutes`.
public struct HoldSettings: Codable, Sendable, Equatable {
    /// Hours before its start a hold turns busy to others (default 72).
    public var defendHours: Int
    /// Free minutes of the day below which its hold turns busy to others at once (default 90).
    public var defendWhenFreeBelowMinutes: Int

    /// The documented defaults unless given.
    public init(defendHours: Int = 72, defendWhenFreeBelowMinutes: Int = 90) {
        self.defendHours = defendHours
        self.defendWhenFreeBelowMinutes = defendWhenFreeBelowMinutes
    }

    /// - Throws: `SchedulingError.invalidSetting` for a negative number or one past a week (168 h, 1440 min).
    public func validate() throws(SchedulingError) {
        guard (0...168).contains(defendHours) else {
            throw .invalidSetting(name: "defend_hours", problem: "must be within 0…168 hours, is \(defendHours)")
        }
        guard (0...1440).contains(defendWhenFreeBelowMinutes) else {
            throw .invalidSetting(
                name: "defend_when_free_below_minutes", problem: "must be within 0…1440 minutes, is \(defendWhenFreeBelowMinutes)")
        }
    }
}
