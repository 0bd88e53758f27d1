import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store

/// Re-checks the Ghost's blocks of the coming week after the busy picture changed: reads the picture, and hands each
/// block `Replanning` finds in conflict to the engine, which decides by its trust whether to move it, propose the
/// move, remove it or only note it.
public actor Replanner {
    private let ghost: GhostHost
    private let output: CalendarOutput
    private let logger: Logger
    /// Reads the picture re-planning decides on.
    private let reader: WeekPictureReader
    /// How far ahead blocks are re-checked.
    public static let horizonDays = Replanning.horizonDays

    /// Creates a replanner; with the `database`, the system zone the last evening saw counts as travel too.
    public init(ghost: GhostHost, calendars: CalendarHost, output: CalendarOutput, logger: Logger, database: AppDatabase? = nil) {
        self.ghost = ghost
        self.output = output
        self.logger = logger
        reader = WeekPictureReader(
            ghost: ghost, calendars: calendars, output: output, database: database, systemZone: { nil }, startingSystemZone: nil)
    }

    /// Checks every block ahead within `horizonDays` under the scheduling `rules` in force and hands the conflicts
    /// to the engine, then decides the week's holds again (`hold`: when they turn busy to others); returns how many
    /// block conflicts there were. The calendar is written when a block or a hold changed.
    @discardableResult
    public func replan(
        now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules = .standard, home: GeoPosition? = nil,
        hold: HoldSettings = HoldSettings()
    ) async throws -> Int {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let ahead = try Replanning.blocksToCheck(await ghost.current, today: today, calendar: calendar, now: now)
        let holding = !(await output.holds.book.holds.isEmpty)
        guard !ahead.isEmpty || holding else { return 0 }
        var picture = try await reader.replanning(
            today: today, calendar: calendar, settings: .init(training: training, rules: rules, home: home))
        let before = picture.ghost.blocks
        var conflicts = 0
        for block in ahead {
            // The block as it stands now: an earlier conflict may have moved or removed it.
            picture.ghost = await ghost.current
            guard let current = picture.ghost.block(block.id), let found = try Replanning.conflict(of: current, in: picture) else { continue }
            conflicts += 1
            _ = try await ghost.perform(.conflictFound(found), at: now)
        }
        picture.ghost = await ghost.current
        let holdsChanged = try await output.holds.decide(picture, now: now, settings: hold).changed
        if await ghost.current.blocks != before || holdsChanged {
            try await output.sync(now: now)
        }
        return conflicts
    }
}
