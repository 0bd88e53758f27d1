import CivilCalendar
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
        CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The wall time `seconds` after 1970-01-01T00:00 in the naive (offset-free) scale.
    static func fromNaive(_ seconds: Int, isDate: Bool = false) -> WallTime {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        let civil = CivilDate(daysSinceEpoch: days)
        let (y, m, d) = (civil.year, civil.month, civil.day)
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
}
