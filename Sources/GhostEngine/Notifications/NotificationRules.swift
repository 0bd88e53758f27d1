import CivilCalendar
import Foundation

/// When the Ghost may interrupt: a budget of non-urgent notifications per local day and quiet hours.
public struct NotificationRules: Codable, Sendable, Equatable {
    /// Notifications per local day (the seed's number: one). 0 turns delivery off; the inbox still fills.
    public var dailyBudget = 1
    /// Quiet hours, local wall time; `quietFrom` after `quietUntil` means the quiet spans midnight.
    public var quietFrom = TimeOfDay(hour: 21, minute: 30)
    public var quietUntil = TimeOfDay(hour: 7, minute: 0)

    public init() {}

    /// True when `time` falls in the quiet hours.
    public func isQuiet(at time: TimeOfDay) -> Bool {
        if quietFrom == quietUntil { return false }
        if quietFrom < quietUntil { return quietFrom <= time && time < quietUntil }
        return time >= quietFrom || time < quietUntil
    }

    /// The next chance to tell the user after the one open now: the next end of quiet hours after `now` (07:00
    /// tomorrow, seen from a Sunday evening or from 23:00), or without quiet hours the next local midnight, when a new
    /// day's budget begins. A proposal whose block starts before it is told now or too late.
    public func nextChance(after now: Date, calendar: LocalCalendar) -> Date {
        let today = calendar.day(of: now)
        let turn = quietFrom == quietUntil ? TimeOfDay(hour: 0, minute: 0) : quietUntil
        for day in [today, today.adding(days: 1), today.adding(days: 2)] {
            do {
                let moment = turn == TimeOfDay(hour: 0, minute: 0)
                    ? try calendar.startOfDay(day) : try calendar.date(on: day, hour: turn.hour, minute: turn.minute)
                if moment > now { return moment }
            } catch {
                continue  // a wall time the day does not have (inside a DST gap): the next day's
            }
        }
        return now.addingTimeInterval(86_400)
    }
}
