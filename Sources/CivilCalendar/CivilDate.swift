/// A proleptic Gregorian date computed with Howard Hinnant's day-count algorithms, so turning instants into
/// wall-clock text and back needs no Calendar or formatter per value (replies, log lines, ICS and health files).
public struct CivilDate: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative before it).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Whether the month exists and has this day.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(year: year, month: month)
    }

    /// Number of days in a month of a year.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The wall clock of a Unix time: date plus seconds since midnight (floor division).
    public static func split(unixSeconds: Int) -> (date: CivilDate, secondOfDay: Int) {
        let (quotient, remainder) = unixSeconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        return (CivilDate(daysSinceEpoch: days), remainder < 0 ? remainder + 86_400 : remainder)
    }
}
