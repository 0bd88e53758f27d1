import CivilCalendar
import Foundation
import GhostEngine

/// The defence rule: a hold is free to others until it is within `defendHours` of its start or its day has less
/// than `defendWhenFreeBelowMinutes` of free time left; then it is busy to others, and stays so until it moves.
public enum HoldDefence {
    /// Whether `hold` is defended at `now`; `wasDefended` keeps a defended hold at the same time defended.
    public static func defends(
        _ hold: Hold, wasDefended: Bool, now: Date, busy: [BusyInterval], training: TrainingSettings, calendar: LocalCalendar,
        settings: HoldSettings
    ) throws(SchedulingError) -> Bool {
        if wasDefended { return true }
        if hold.start.timeIntervalSince(now) <= TimeInterval(settings.defendHours * 3600) { return true }
        return try freeMinutes(on: calendar.day(of: hold.start), busy: busy, training: training, calendar: calendar)
            < settings.defendWhenFreeBelowMinutes
    }

    /// `book` with every hold now within `defendHours` of its start defended: time alone, between the decisions that
    /// read the calendars (the daemon's tick), so a hold never waits for a calendar change to turn busy.
    public static func defendingDue(_ book: HoldBook, now: Date, settings: HoldSettings) -> HoldBook {
        var next = book
        for index in next.holds.indices where !next.holds[index].defended
            && next.holds[index].start.timeIntervalSince(now) <= TimeInterval(settings.defendHours * 3600) {
            next.holds[index].defended = true
        }
        return next
    }

    /// Minutes of `day` between `[training]` earliest and latest that no busy interval covers.
    public static func freeMinutes(
        on day: LocalDay, busy: [BusyInterval], training: TrainingSettings, calendar: LocalCalendar
    ) throws(SchedulingError) -> Int {
        let from: Date
        let to: Date
        do {
            from = try calendar.date(on: day, hour: training.earliest.hour, minute: training.earliest.minute)
            to = try calendar.date(on: day, hour: training.latest.hour, minute: training.latest.minute)
        } catch {
            throw .calendar(error)
        }
        guard to > from else { return 0 }
        let clipped = busy.compactMap { interval -> (Date, Date)? in
            let start = max(interval.start, from)
            let end = min(interval.end, to)
            return start < end ? (start, end) : nil
        }.sorted { $0.0 < $1.0 }
        var covered: TimeInterval = 0
        var reach = from
        for (start, end) in clipped where end > reach {
            covered += end.timeIntervalSince(max(start, reach))
            reach = end
        }
        return Int((to.timeIntervalSince(from) - covered) / 60)
    }
}
