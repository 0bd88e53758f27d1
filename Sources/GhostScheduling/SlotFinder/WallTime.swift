/// A local wall-clock time of day (hour 0…23, minute 0…59) in the user's zone.
public struct WallTime: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Hour, 0…23.
    public let hour: Int
    /// Minute, 0…59.
    public let minute: Int

    /// Creates a wall time; `isValid` says whether the values form a time.
    public init(hour: Int, minute: Int = 0) {
        self.hour = hour
        self.minute = minute
    }

    /// Minutes since local midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// True when hour and minute are in range.
    public var isValid: Bool { (0...23).contains(hour) && (0...59).contains(minute) }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        lhs.minuteOfDay < rhs.minuteOfDay
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }
}

/// A daily window of local wall time, `from` inclusive to `to` exclusive.
public struct TimeWindow: Codable, Sendable, Hashable {
    /// Start of the window.
    public let from: WallTime
    /// End of the window (exclusive).
    public let to: WallTime

    /// Creates a window.
    public init(from: WallTime, to: WallTime) {
        self.from = from
        self.to = to
    }
}
