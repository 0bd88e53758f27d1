import CivilCalendar
import VigorRPC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the bar's text is about at this moment of the day, from the status alone (the daemon's clock and zone):
/// - `afterWorkout`: within an hour of a workout's end (a completed block, or a recorded workout): the streak;
/// - `morning`: up to three hours after today's morning cycle, until today's first block starts and before the
///   evening's hours: the recovery score and whether the morning changed today's block;
/// - `evening`: from three hours before the evening cycle on (or once today's has run): the Ghost's status and
///   tomorrow's block;
/// - `workday`: otherwise: a countdown to the next block.
enum BarMoment: Equatable {
    case afterWorkout(kind: SessionKind?)
    case morning
    case workday
    case evening

    static let afterWorkoutSeconds: TimeInterval = 3600
    static let morningSeconds: TimeInterval = 3 * 3600
    static let eveningLeadSeconds: TimeInterval = 3 * 3600

    static func of(_ status: DaemonStatus, now: Date) -> BarMoment {
        let today = status.plan.today
        if let done = today.filter({ $0.status == "completed" && $0.end.date <= now && now.timeIntervalSince($0.end.date) < afterWorkoutSeconds })
            .max(by: { $0.end.date < $1.end.date }) {
            return .afterWorkout(kind: done.kind)
        }
        if status.health.newestDataKind == "workout", let end = status.health.newestDataAt?.date,
           end <= now, now.timeIntervalSince(end) < afterWorkoutSeconds {
            return .afterWorkout(kind: nil)
        }
        let offset = status.nextCycles.evening.offsetSeconds
        func day(_ date: Date) -> Int { Int(((date.timeIntervalSince1970 + Double(offset)) / 86_400).rounded(.down)) }
        let evening = status.nextCycles.evening.date
        let eveningIsToday = day(evening) == day(now)
        // Today's evening cycle is near, or it has run and the next morning is tomorrow (not yet past midnight). The
        // evening's hours win over a morning cycle that ran late (on the day of setup, or after a sleep).
        if eveningIsToday ? evening.timeIntervalSince(now) <= eveningLeadSeconds : day(status.nextCycles.morning.date) != day(now) {
            return .evening
        }
        if let morning = status.health.lastMorning?.ranAt.date, day(morning) == day(now), now >= morning,
           now.timeIntervalSince(morning) < morningSeconds,
           !today.contains(where: { $0.status != "proposed" && $0.start.date <= now }) {
            return .morning
        }
        return .workday
    }
}
