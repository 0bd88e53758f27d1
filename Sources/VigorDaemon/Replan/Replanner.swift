import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store

/// Re-checks the Ghost's blocks of the coming week after the busy picture changed: reads the picture and finds the
/// blocks `Replanning` sees in conflict; the backend hands them to the engine, which decides by its trust whether to
/// move each, propose the move, remove it or only note it.
public actor Replanner {
    private let ghost: GhostHost
    private let logger: Logger
    /// Reads the picture re-planning decides on.
    private let reader: WeekPictureReader
    /// How far ahead blocks are re-checked.
    public static let horizonDays = Replanning.horizonDays

    /// Creates a replanner; with the `database`, the system zone the last evening saw counts as travel too.
    public init(ghost: GhostHost, calendars: CalendarHost, output: CalendarOutput, logger: Logger, database: AppDatabase? = nil) {
        self.ghost = ghost
        self.logger = logger
        reader = WeekPictureReader(
            ghost: ghost, calendars: calendars, output: output, database: database, systemZone: { nil }, startingSystemZone: nil)
    }

    /// The conflicts of the blocks ahead within `horizonDays` under the user's `settings`, as the engine
    /// events that hand them over (the backend decides them as one, `GhostBackend.replanWeek`). Each block is checked
    /// as the earlier conflicts leave it: they are handed to a draft of the Ghost on the way. `picture` is the week with
    /// that draft (nil when no block was ahead to check, and so no picture read).
    func conflicts(now: Date, settings: WeekPictureReader.Settings) async throws -> (events: [GhostEvent], picture: WeekPicture?) {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let today = calendar.day(of: now)
        let ahead = try Replanning.blocksToCheck(await ghost.current, today: today, calendar: calendar, now: now)
        guard !ahead.isEmpty else { return ([], nil) }
        var picture = try await reader.replanning(today: today, calendar: calendar, settings: settings)
        let events = try Replanning.conflicts(of: ahead, in: &picture, now: now)
        return (events, picture)
    }

    /// Today's re-planning picture as the Ghost stands now, on which the backend decides the week's holds again.
    func picture(now: Date, settings: WeekPictureReader.Settings) async throws -> WeekPicture {
        let calendar = LocalCalendar(timeZone: settings.zone)
        return try await reader.replanning(today: calendar.day(of: now), calendar: calendar, settings: settings)
    }
}
