import Foundation

/// A calendar wall-clock time (or date) as written in the file, before zone resolution.
struct WallTime: Sendable, Hashable, Comparable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var isDate: Bool

    /// Seconds since 1970-01-01T00:00 reading the wall time as if it were UTC.
    var naiveSeconds: Int {
        Self.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The wall time `seconds` after 1970-01-01T00:00 in the naive (offset-free) scale.
    static func fromNaive(_ seconds: Int, isDate: Bool = false) -> WallTime {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        let (y, m, d) = civilFromDays(days)
        return WallTime(year: y, month: m, day: d, hour: rest / 3_600, minute: (rest % 3_600) / 60,
                        second: rest % 60, isDate: isDate)
    }

    /// The same wall time moved by whole days (nominal days, not 86 400 s).
    func addingDays(_ days: Int) -> WallTime {
        var moved = WallTime.fromNaive(naiveSeconds + days * 86_400, isDate: isDate)
        moved.isDate = isDate
        return moved
    }

    /// "2026-11-23" for a date-only value.
    var dayString: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.naiveSeconds < rhs.naiveSeconds }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
