import CivilCalendar
import Foundation

/// Calendar arithmetic for parsing timestamps by hand, without a DateFormatter per record.
enum CivilTime {
    /// Builds a Date from local wall-clock fields and a UTC offset in seconds; nil when a field is out of range.
    static func date(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
        fraction: Double = 0, offsetSeconds: Int
    ) -> Date? {
        let civil = CivilDate(year: year, month: month, day: day)
        guard civil.isValid,
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              abs(offsetSeconds) <= 18 * 3600
        else { return nil }
        let days = civil.daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
