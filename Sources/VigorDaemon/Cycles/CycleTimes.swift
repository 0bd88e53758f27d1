import CivilCalendar
import Foundation

/// When a daily cycle next runs: the next instant whose wall clock in `zone` reads `time`.
/// DST-correct: a time that falls in a spring-forward gap runs at the first valid instant after
/// the gap; a time that occurs twice on a fall-back day runs at its first occurrence.
public enum CycleTimes {
    public static func next(_ time: TimeOfDay, after instant: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(hour: time.hour, minute: time.minute, second: 0)
        return calendar.nextDate(
            after: instant, matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
            ?? instant.addingTimeInterval(86_400)
    }
}
