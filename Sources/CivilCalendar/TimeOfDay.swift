/// A local wall-clock time of day (hour 0…23, minute 0…59) in the user's zone: a training window's edge, a quiet
/// hour, a cycle's time. Not an instant: the day and the zone turn it into one.
public struct TimeOfDay: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Hour, 0…23.
    public let hour: Int
    /// Minute, 0…59.
    public let minute: Int

    /// Creates a time; `isValid` says whether the values form one.
    public init(hour: Int, minute: Int = 0) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` or `H:MM` (24-hour: `06:30` and `6:30` alike); nil when malformed or out of range.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since local midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// True when hour and minute are in range.
    public var isValid: Bool { (0...23).contains(hour) && (0...59).contains(minute) }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minuteOfDay < rhs.minuteOfDay
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }
}
