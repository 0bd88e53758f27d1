import CivilCalendar
import ICalendarKit
import GhostEngine
import GhostScheduling

/// What the calendars say about a week picture's days, in planning's terms: busy intervals with their causes
/// (the events' titles and sources), failed sources and their unknown days, recurring events sacred time protects, and travel
/// evidence. The one translation from the Calendar module to a `WeekPicture`, used by the daemon's reader and by
/// `vigor-sim` for a scenario's calendar files.
public enum CalendarPicture {
    /// Adds `busy` and `events` (read for the picture's days) to `picture`; `home` is `[schedule] home`.
    public static func add(busy: BusyResult, events: [ListedEvent], home: GeoPosition?, to picture: inout WeekPicture) {
        picture.busy += busy.intervals
        picture.failedSources += busy.sources.filter { !$0.ok }.map(\.name)
        picture.unknownDays += busy.unknownDays
        picture.personalEvents += CalendarPersonalEvents.protected(from: events, categories: picture.rules.sacred.protectedCategories)
        picture.travelEvidence += CalendarTravelEvidence.evidence(from: events, home: picture.calendar, homePosition: home)
    }
}
