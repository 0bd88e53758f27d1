/// A date on the user's local calendar (year, month, day), independent of time zone once computed.
/// Used for "per local day" rules such as one triage question a day.
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

    /// Days since 1970-01-01 on the proleptic Gregorian calendar; differences give day counts
    /// without any time-zone or DST arithmetic.
    public var ordinal: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The local day `ordinal` days after 1970-01-01 (inverse of `ordinal`).
    public init(ordinal: Int) {
        let shifted = ordinal + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
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
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, parts[1].count == 2, parts[2].count == 2
        else { return nil }
        let candidate = LocalDay(year: year, month: month, day: day)
        guard LocalDay(ordinal: candidate.ordinal) == candidate else { return nil }
        self = candidate
    }
}
