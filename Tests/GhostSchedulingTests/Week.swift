import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// Berlin local times in the week of Monday 2026-03-02 (DST days: 2026-03-29 and 2026-10-25, both Sundays).
enum Week {
    static let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    static let monday = LocalDay(year: 2026, month: 3, day: 2)
    static let saturday = monday.adding(days: 5)
    static let springForward = LocalDay(year: 2026, month: 3, day: 29)
    static let fallBack = LocalDay(year: 2026, month: 10, day: 25)

    /// The instant of `hour:minute` Berlin time on `day`.
    static func at(_ day: LocalDay, _ hour: Int, _ minute: Int = 0) throws -> Date {
        try berlin.date(on: day, hour: hour, minute: minute)
    }

    /// The instant of `hour:minute` Berlin time, `offset` days after Monday 2026-03-02.
    static func at(_ offset: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
        try at(monday.adding(days: offset), hour, minute)
    }

    /// A busy interval on day `offset` from `from` to `to` given as (hour, minute).
    static func busy(_ offset: Int, _ from: (Int, Int), _ to: (Int, Int)) throws -> BusyInterval {
        BusyInterval(start: try at(offset, from.0, from.1), end: try at(offset, to.0, to.1), causes: [BusyCause(source: "work", summary: "Meeting")])
    }

    /// 45-minute sessions, 06:00–21:00, preferred 07:00–09:00, 10-minute buffers.
    static let morningSettings = TrainingSettings(
        sessionsPerWeek: 3, durationMinutes: 45,
        preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])

    static func finder(_ settings: TrainingSettings = morningSettings, rules: SchedulingRules = .standard) throws -> SlotFinder {
        try SlotFinder(calendar: berlin, settings: settings, rules: rules)
    }

    /// Local start times of slots, as `HH:MM`.
    static func starts(_ slots: [ScoredSlot]) -> [String] {
        slots.map(\.localStart.description)
    }
}

extension SlotFinder {
    /// Every feasible slot of `day` in start order.
    func slots(on day: LocalDay, request: SlotRequest) throws -> [ScoredSlot] {
        try feasibleSlots(on: day, request: request).sorted { $0.start < $1.start }
    }
}
