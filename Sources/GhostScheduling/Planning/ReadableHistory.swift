import Foundation
import GhostEngine

/// How much of the user's past vigord can read at once: the days, of the last `maximumDays`, on which a calendar
/// shows an event or a health file a sample. The Observer's week counts them (`GhostEvent.historyRead`), so a
/// user whose calendars show four weeks of history starts as a Scheduler.
public enum ReadableHistory {
    /// The most days looked back: the absolution's 90.
    public static let maximumDays = AbsolutionReader.maximumDays

    /// The days of `picture` (a history picture: past days, ending yesterday) with a busy interval or a health
    /// observation in them. A day with nothing on it is not counted: an empty calendar shows no history.
    /// - Throws: `EngineError` when a day's bounds cannot be formed in the user's zone.
    public static func days(_ picture: WeekPicture) throws(EngineError) -> Int {
        var count = 0
        for day in picture.dayList.suffix(maximumDays) {
            let from = try picture.calendar.startOfDay(day)
            let to = try picture.calendar.startOfDay(day.adding(days: 1))
            let busy = picture.busy.contains { $0.overlaps(from: from, to: to) }
            let sampled = picture.signals.samples.contains { $0.start < to && $0.end >= from }
            if busy || sampled { count += 1 }
        }
        return count
    }
}
