import CivilCalendar
import Foundation

/// A calendar wall-clock date-time (or a date) as written in the file, before zone resolution: not an instant and
/// not a time of day (that is `TimeOfDay`).
///
/// Stored as one integer (seconds since 1970-01-01T00:00 read as if it were UTC) and a flag, so
/// the many kept in parsed events and rule iterations cost 16 bytes each; the calendar fields
/// are computed when asked.
struct WallDateTime: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00 reading the wall time as if it were UTC.
    let naiveSeconds: Int
    var isDate: Bool

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, isDate: Bool) {
        naiveSeconds = CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400
            + hour * 3_600 + minute * 60 + second
        self.isDate = isDate
    }

    private init(naiveSeconds: Int, isDate: Bool) {
        self.naiveSeconds = naiveSeconds
        self.isDate = isDate
    }

    /// The wall time `seconds` after 1970-01-01T00:00 in the naive (offset-free) scale.
    static func fromNaive(_ seconds: Int, isDate: Bool = false) -> WallDateTime {
        WallDateTime(naiveSeconds: seconds, isDate: isDate)
    }

    private var days: Int {
        naiveSeconds >= 0 ? naiveSeconds / 86_400 : -((-naiveSeconds + 86_399) / 86_400)
    }
    private var secondOfDay: Int { naiveSeconds - days * 86_400 }
    private var civil: CivilDate { CivilDate(daysSinceEpoch: days) }

    /// All calendar fields at once (one date conversion instead of one per field).
    var fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let civil = civil
        let rest = secondOfDay
        return (civil.year, civil.month, civil.day, rest / 3_600, (rest % 3_600) / 60, rest % 60)
    }

    var year: Int { civil.year }
    var month: Int { civil.month }
    var day: Int { civil.day }
    var hour: Int { secondOfDay / 3_600 }
    var minute: Int { (secondOfDay % 3_600) / 60 }
    var second: Int { secondOfDay % 60 }

    /// Midnight of the same day, as a date (`isDate`) or as a date-time.
    func startOfDay(isDate: Bool) -> WallDateTime {
        WallDateTime(naiveSeconds: days * 86_400, isDate: isDate)
    }

    /// The same day at another time of day.
    func at(hour: Int, minute: Int, second: Int) -> WallDateTime {
        WallDateTime(naiveSeconds: days * 86_400 + hour * 3_600 + minute * 60 + second, isDate: isDate)
    }

    /// The last second (23:59:59) of the same day, as a date-time.
    var endOfDay: WallDateTime {
        WallDateTime(naiveSeconds: days * 86_400 + 86_399, isDate: false)
    }

    /// The same wall time moved by whole days (nominal days, not 86 400 s).
    func addingDays(_ days: Int) -> WallDateTime {
        WallDateTime(naiveSeconds: naiveSeconds + days * 86_400, isDate: isDate)
    }

    /// The day this date-time falls on.
    var localDay: LocalDay { LocalDay(civil) }

    static func < (lhs: WallDateTime, rhs: WallDateTime) -> Bool { lhs.naiveSeconds < rhs.naiveSeconds }
}
