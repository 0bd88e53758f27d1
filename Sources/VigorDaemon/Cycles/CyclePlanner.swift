import Foundation
import GhostEngine
import GhostScheduling

/// Decides which cycles are due (the weekly one only on Sundays, right after the evening): pure, so DST days, catch-up and idempotency are tested without
/// waiting. A cycle is due when today's local time has reached its time and it has not run today;
/// a cycle missed on an earlier day is not run late (its moment has passed).
public struct CyclePlanner: Sendable {
    public let calendar: LocalCalendar
    public let times: [CycleKind: LocalTime]

    public init(zone: TimeZone, morning: LocalTime, evening: LocalTime) {
        calendar = LocalCalendar(timeZone: zone)
        times = [.morning: morning, .evening: evening, .weekly: evening]
    }

    /// The cycles to run now, in the order of their times.
    public func due(at now: Date, ran: Set<CycleKey>) throws(EngineError) -> [CycleKind] {
        let today = calendar.day(of: now)
        var due: [CycleKind] = []
        for kind in CycleKind.allCases {
            guard let time = times[kind], !ran.contains(CycleKey(kind: kind, day: today)) else { continue }
            if kind == .weekly, today.weekday != 1 { continue }
            if now >= (try scheduled(time, on: today)) { due.append(kind) }
        }
        let order = { (kind: CycleKind) in (self.times[kind]?.minutesSinceMidnight ?? 0, CycleKind.allCases.firstIndex(of: kind) ?? 0) }
        return due.sorted { order($0) < order($1) }
    }

    /// How long after its time today a cycle run at `now` runs (0 or less: on time or early).
    public func lateness(of kind: CycleKind, at now: Date) throws(EngineError) -> TimeInterval {
        guard let time = times[kind] else { return 0 }
        return now.timeIntervalSince(try scheduled(time, on: calendar.day(of: now)))
    }

    /// When `time` falls on `day`: a time in a spring-forward gap moves to just after the gap.
    func scheduled(_ time: LocalTime, on day: LocalDay) throws(EngineError) -> Date {
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
