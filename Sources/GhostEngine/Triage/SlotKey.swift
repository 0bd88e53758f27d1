import CivilCalendar

/// A recurring weekly slot: local weekday (1 = Sunday … 7 = Saturday) and hour (0…23).
public struct SlotKey: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Local weekday, Gregorian numbering.
    public let weekday: Int
    /// Local hour.
    public let hour: Int

    /// Creates a slot key.
    public init(weekday: Int, hour: Int) {
        self.weekday = weekday
        self.hour = hour
    }

    /// The slot containing `moment`.
    public init(_ moment: Moment) {
        self.init(weekday: moment.weekday, hour: moment.hour)
    }

    public static func < (lhs: SlotKey, rhs: SlotKey) -> Bool {
        (lhs.weekday, lhs.hour) < (rhs.weekday, rhs.hour)
    }

    /// For example `Mon 07:00`.
    public var description: String {
        label(minute: 0)
    }

    /// Parses `Mon 07:00` (the minutes must be 00); nil for anything else.
    public init?(label: String) {
        let parts = label.split(separator: " ")
        guard parts.count == 2, let weekday = WeekdayName.short.firstIndex(of: String(parts[0])) else { return nil }
        let time = parts[1].split(separator: ":")
        guard time.count == 2, time[1] == "00", time[0].count == 2, let hour = Int(time[0]), (0...23).contains(hour) else { return nil }
        self.init(weekday: weekday + 1, hour: hour)
    }

    /// The slot with the minute of a particular start, e.g. `Mon 07:15`, so offers within one hour differ.
    public func label(minute: Int) -> String {
        let name = (1...7).contains(weekday) ? WeekdayName.label(of: weekday) : "day\(weekday)"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(name) \(two(hour)):\(two(minute))"
    }
}

/// How many times the user rejected a slot as a bad time.
public struct SlotRejection: Codable, Sendable, Equatable {
    /// The slot.
    public let slot: SlotKey
    /// Bad-time-slot answers so far.
    public var count: Int
    /// Deletions of the Ghost's blocks in the slot so far.
    public var deletions: Int

    /// Creates a record.
    public init(slot: SlotKey, count: Int, deletions: Int = 0) {
        self.slot = slot
        self.count = count
        self.deletions = deletions
    }

    private enum CodingKeys: String, CodingKey {
        case slot, count, deletions
    }

    /// Decodes a record; records saved before deletions were counted have none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        slot = try keys.decode(SlotKey.self, forKey: .slot)
        count = try keys.decode(Int.self, forKey: .count)
        deletions = try keys.value(.deletions, or: 0)
    }
}
