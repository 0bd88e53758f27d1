/// A daily window of local time of day, `from` inclusive to `to` exclusive (`HH:MM-HH:MM` in the configuration).
public struct TimeWindow: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Start of the window.
    public let from: TimeOfDay
    /// End of the window (exclusive).
    public let to: TimeOfDay

    /// Creates a window; the values are not checked here (the configuration reader checks them).
    public init(from: TimeOfDay, to: TimeOfDay) {
        self.from = from
        self.to = to
    }

    /// Parses `HH:MM-HH:MM` (an hour may have one digit: `6:30-8:30`); nil when malformed or when the start is not before the end.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = TimeOfDay(parsing: parts[0]), let to = TimeOfDay(parsing: parts[1]), from < to
        else { return nil }
        self.init(from: from, to: to)
    }

    /// `HH:MM-HH:MM`.
    public var description: String { "\(from)-\(to)" }
}
