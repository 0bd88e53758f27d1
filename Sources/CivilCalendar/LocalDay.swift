/// A date on the user's local calendar (year, month, day), independent of time zone once computed.
/// Used for "per local day" rules such as one triage question a day; its day counts are `CivilDate`'s.
public struct LocalDay: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Gregorian year.
    public let year: Int
    /// Month, 1…12.
    public let month: Int
    /// Day of month, 1…31.
    public let day: Int

    /// Creates a local day; the values are not range-checked here (the calendar produces them).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day of a civil date.
    public init(_ date: CivilDate) {
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// The same day as a civil date.
    public var civilDate: CivilDate { CivilDate(year: year, month: month, day: day) }

    /// Days since 1970-01-01 on the proleptic Gregorian calendar; differences give day counts
    /// without any time-zone or DST arithmetic.
    public var ordinal: Int { civilDate.daysSinceEpoch }

    /// The local day `ordinal` days after 1970-01-01 (inverse of `ordinal`).
    public init(ordinal: Int) {
        self.init(CivilDate(daysSinceEpoch: ordinal))
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(ordinal: ordinal + count)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDay) -> Int {
        other.ordinal - ordinal
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    /// ISO form, `YYYY-MM-DD`.
    public var description: String {
        let paddedMonth = month < 10 ? "0\(month)" : "\(month)"
        let paddedDay = day < 10 ? "0\(day)" : "\(day)"
        return "\(year)-\(paddedMonth)-\(paddedDay)"
    }

    /// Parses `YYYY-MM-DD`; returns nil when the text is not a valid calendar date.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, parts[1].count == 2, parts[2].count == 2
        else { return nil }
        let candidate = CivilDate(year: year, month: month, day: day)
        guard candidate.isValid else { return nil }
        self.init(candidate)
    }
}
