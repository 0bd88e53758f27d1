import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// Decides which cycles are due: pure, so DST days, catch-up and idempotency are tested without waiting. The
/// morning and evening are due when today's local time has reached theirs and they have not run today; one missed
/// on an earlier day is not run late (its moment has passed). The weekly cycle is due on Sunday at `weeklyTime`;
/// when that Sunday passed without it while vigord ran cycles that week (stopped, asleep, or failing), it runs late,
/// Monday to Saturday, for the week that ended.
public struct CyclePlanner: Sendable {
    public let calendar: LocalCalendar
    public let times: [CycleKind: TimeOfDay]

    /// The earliest weekly time: the seed's Sunday-evening cycle "runs after 6pm on Sundays".
    public static let weeklyNotBefore = TimeOfDay(hour: 18, minute: 0)

    /// The weekly cycle's time on Sundays: the evening's time (right after the evening cycle), 18:00 at the earliest.
    public static func weeklyTime(evening: TimeOfDay) -> TimeOfDay {
        max(evening, weeklyNotBefore)
    }

    public init(zone: TimeZone, morning: TimeOfDay, evening: TimeOfDay) {
        calendar = LocalCalendar(timeZone: zone)
        times = [.morning: morning, .evening: evening, .weekly: Self.weeklyTime(evening: evening)]
    }

    /// The cycles to run now, in the order of their times (a weekly catch-up first: its moment was on Sunday).
    /// `ran` holds the runs of the last seven days at least, so a missed Sunday is seen.
    public func due(at now: Date, ran: Set<CycleKey>) throws(EngineError) -> [CycleKind] {
        let today = calendar.day(of: now)
        var due: [CycleKind] = []
        for kind in CycleKind.allCases {
            guard let time = times[kind], !ran.contains(CycleKey(kind: kind, day: today)) else { continue }
            if kind == .weekly, today.weekday != 1 {
                if Self.missedSunday(today: today, ran: ran) != nil { due.append(kind) }
                continue
            }
            if now >= (try scheduled(time, on: today)) { due.append(kind) }
        }
        let catchingUp = today.weekday != 1
        let order = { (kind: CycleKind) in
            (kind == .weekly && catchingUp ? -1 : self.times[kind]?.minuteOfDay ?? 0, CycleKind.allCases.firstIndex(of: kind) ?? 0)
        }
        return due.sorted { order($0) < order($1) }
    }

    /// The Sunday whose weekly cycle did not run, seen from `today` (Monday to Saturday): the last Sunday, when
    /// `ran` has no weekly run for it but has some cycle in its week (vigord was in use then). Nil on Sundays, when
    /// it ran, or when vigord was not in use that week (a new install has no week to summarise).
    public static func missedSunday(today: LocalDay, ran: Set<CycleKey>) -> LocalDay? {
        guard today.weekday != 1 else { return nil }
        let sunday = today.adding(days: -(today.weekday - 1))
        let monday = sunday.adding(days: -6)
        guard !ran.contains(CycleKey(kind: .weekly, day: sunday)),
            ran.contains(where: { $0.day >= monday && $0.day <= sunday })
        else { return nil }
        return sunday
    }

    /// How long after its time a cycle run at `now` runs (0 or less: on time or early); a weekly catch-up
    /// counts from its Sunday.
    public func lateness(of kind: CycleKind, at now: Date) throws(EngineError) -> TimeInterval {
        guard let time = times[kind] else { return 0 }
        let today = calendar.day(of: now)
        let day = kind == .weekly && today.weekday != 1 ? today.adding(days: -(today.weekday - 1)) : today
        return now.timeIntervalSince(try scheduled(time, on: day))
    }

    /// When `time` falls on `day`: a time in a spring-forward gap moves to just after the gap.
    func scheduled(_ time: TimeOfDay, on day: LocalDay) throws(EngineError) -> Date {
        let start = try calendar.startOfDay(day)
        return CycleTimes.next(time, after: start.addingTimeInterval(-1), in: calendar.timeZone)
    }
}

/// A cycle on a local day: what makes a run unique.
public struct CycleKey: Hashable, Sendable {
    public var kind: CycleKind
    public var day: LocalDay

    public init(kind: CycleKind, day: LocalDay) {
        self.kind = kind
        self.day = day
    }
}
