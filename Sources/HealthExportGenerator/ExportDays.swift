import CivilCalendar
import Foundation

/// Which days a generated export covers, as day numbers (days since 1970-01-01, the generators' `firstDay`). The
/// generators' own default first days (2016, 2024) keep their tests' bytes fixed; `vigor-health-export` places the data
/// on the clock it is given instead: ending yesterday, or from or to a date the user names.
public enum ExportDays {
    /// The day number of a `YYYY-MM-DD` date; nil when the text is not one.
    public static func day(iso text: String) -> Int? {
        LocalDay(iso: text).map(\.ordinal)
    }

    /// The day before `now`'s date in `zone`: the last whole day, so nothing generated lies after `now`.
    public static func yesterday(now: Date, zone: TimeZone) -> Int {
        let local = Int((now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))).rounded(.down))
        return CivilDate.split(unixSeconds: local).date.daysSinceEpoch - 1
    }

    /// "2026-11-24".
    public static func text(_ day: Int) -> String {
        LocalDay(ordinal: day).description
    }
}
