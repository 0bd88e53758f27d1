import Calendar
import Foundation
import GhostEngine
import GhostScheduling
import Logging

/// Re-checks the Ghost's blocks of the coming week against the busy picture after it changed: each block
/// now in conflict goes to the engine with what covers it and where "move later" would put it; the engine
/// decides, by its trust, whether to move it, propose the move, remove it or only note it.
public actor Replanner {
    private let ghost: GhostHost
    private let calendars: CalendarHost
    private let output: CalendarOutput
    private let logger: Logger
    /// How far ahead blocks are re-checked.
    public static let horizonDays = 7

    public init(ghost: GhostHost, calendars: CalendarHost, output: CalendarOutput, logger: Logger) {
        self.ghost = ghost
        self.calendars = calendars
        self.output = output
        self.logger = logger
    }

    /// Checks every block ahead within `horizonDays` under the scheduling `rules` in force and hands the conflicts
    /// to the engine; returns how many there were. The calendar is written when a block changed.
    @discardableResult
    public func replan(
        now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules = .standard, home: GeoPosition? = nil
    ) async throws -> Int {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let finder = try SlotFinder(calendar: calendar, settings: CycleRunner.settings(training), rules: rules)
        let horizonEnd = try calendar.startOfDay(today.adding(days: Self.horizonDays + 1))
        let ahead = await ghost.current.blocks.filter {
            [.scheduled, .proposed].contains($0.status) && $0.start > now && $0.start < horizonEnd
        }
        guard !ahead.isEmpty else { return 0 }
        // "Move later" may look a further `moveSearchDays` past the last block's day.
        let searchDays = Self.horizonDays + 1 + finder.rules.slots.moveSearchDays + 1
        let searchStart = try calendar.startOfDay(today)
        let searchEnd = try calendar.startOfDay(today.adding(days: searchDays))
        let busy = await output.withoutOwnBusyEvents(try await calendars.busy(from: searchStart, to: searchEnd, source: nil))
        let events = await calendars.events(from: searchStart, to: searchEnd)
        let intervals = busy.intervals.map { interval in
            GhostScheduling.BusyInterval(
                start: interval.start, end: interval.end, causes: interval.causes.map { "'\($0.summary)' (\($0.source))" })
        }
        let days = (0..<searchDays).map { today.adding(days: $0) }
        // Travel set by hand and travel the calendars show; the system zone is watched by the evening cycle.
        let evidence = CalendarTravelEvidence.evidence(from: events, home: calendar, homePosition: home)
        let detected = try TravelDetector.travelDays(from: evidence, home: calendar, rules: rules.travel).map(\.day)
        let travel = Set(await ghost.travelDays(among: days)).union(detected).sorted()
        let personal = CalendarPersonalEvents.protected(from: events, categories: finder.rules.sacred.protectedCategories)
        let sacred = await ghost.current.triage.sacredSlots
        let before = await ghost.current.blocks
        var conflicts = 0
        for block in ahead {
            // The block as it stands now: an earlier conflict may have moved or removed it.
            guard let current = await ghost.current.block(block.id), [.scheduled, .proposed].contains(current.status) else { continue }
            let others = await ghost.current.blocks.filter {
                $0.id != block.id && [.scheduled, .proposed, .completed].contains($0.status)
            }.map(\.start)
            let request = SlotRequest(
                firstDay: today, days: searchDays, busy: intervals, unknownDays: busy.unknownDays.compactMap(LocalDay.init(iso:)),
                travelDays: travel, personalEvents: personal, sacredSlots: sacred, existingSessions: others)
            guard let cause = try finder.conflict(blockStart: current.start, durationMinutes: current.durationMinutes, request: request)
            else { continue }
            let target: Date?
            switch try finder.moveLater(blockStart: current.start, request: request) {
            case .sameDay(let planned), .laterDay(let planned): target = planned.chosen.start
            case .noRoom: target = nil
            }
            conflicts += 1
            try await ghost.perform(.conflictFound(BlockConflict(block: block.id, cause: cause, target: target)), at: now)
        }
        if await ghost.current.blocks != before {
            try await output.sync(now: now)
        }
        return conflicts
    }
}
