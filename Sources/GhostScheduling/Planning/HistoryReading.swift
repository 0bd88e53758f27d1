import Foundation
import GhostEngine

/// The absolution's reading of history: what held the user back over the picture's days (past days, ending
/// yesterday), from their busy time and health data (`AbsolutionReader`).
public enum HistoryReading {
    /// The narrative of the picture's days (`firstInsight`: from health data, else from the calendar); nil when fewer
    /// than `AbsolutionReader.minimumDays` have health data or a calendar event. The hope counts the blocks already on
    /// the calendar for the week from `now`.
    /// - Throws: `EngineError` when a day's bounds cannot be formed in the user's zone.
    public static func absolution(_ picture: WeekPicture, now: Date) throws(EngineError) -> AbsolutionNarrative? {
        let protectedWindows = picture.ghost.blocks.filter {
            $0.status == .scheduled && $0.start >= now && $0.start < now.addingTimeInterval(7 * 86_400)
        }.count
        return try firstInsight(picture, protectedWindows: protectedWindows)
    }

    /// The first insight at setup, from what is readable now: the health narrative when a week of health data exists,
    /// else the calendar's (`AbsolutionReader.readCalendar`: its patterns against workouts imported or titled like
    /// training, or an honest calendar-only insight). `protectedWindows` counts the windows of the week forecast.
    /// Nil when neither covers a week.
    /// - Throws: `EngineError` when a day's bounds cannot be formed in the user's zone.
    public static func firstInsight(_ picture: WeekPicture, protectedWindows: Int) throws(EngineError) -> AbsolutionNarrative? {
        let lastDay = picture.firstDay.adding(days: picture.days - 1)
        if let narrative = try AbsolutionReader.read(
            lastDay: lastDay, days: picture.days, calendar: picture.calendar, busy: picture.busy,
            samples: picture.signals.samples, protectedWindows: protectedWindows)
        {
            return narrative
        }
        return try AbsolutionReader.readCalendar(
            lastDay: lastDay, days: picture.days, calendar: picture.calendar, busy: picture.busy,
            samples: picture.signals.samples, protectedWindows: protectedWindows)
    }
}
