import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// The busy time a scenario states without calendar files: its weekly `busy` times on every day from its first, and,
/// on each of the `historyDays` days before it, one past event (a calendar with that much history). The simulator's
/// pictures hold them, and `vigor-sim versus-daemon` writes the same events into a calendar file vigord reads.
public enum ScenarioBusy {
    /// The title of a past event that stands for a day of history.
    public static let historyTitle = "Earlier event"

    /// The scenario's busy time on `day`; `firstDay` is the scenario's day 1.
    /// - Throws: `EngineError` when an hour does not exist that day in the scenario's zone.
    public static func intervals(
        _ scenario: Scenario, on day: LocalDay, firstDay: LocalDay, calendar: LocalCalendar
    ) throws(EngineError) -> [BusyInterval] {
        if day < firstDay {
            guard firstDay.adding(days: -scenario.historyDays) <= day else { return [] }
            return [BusyInterval(
                start: try calendar.date(on: day, hour: 12), end: try calendar.date(on: day, hour: 13),
                causes: [BusyCause(source: "scenario", summary: historyTitle)])]
        }
        var busy: [BusyInterval] = []
        for time in scenario.busy where time.weekdays.contains(day.weekday) {
            let end = time.toHour == 24 ? try calendar.startOfDay(day.adding(days: 1)) : try calendar.date(on: day, hour: time.toHour)
            busy.append(BusyInterval(
                start: try calendar.date(on: day, hour: time.fromHour), end: end, causes: [BusyCause(source: "scenario", summary: "Busy")]))
        }
        return busy
    }
}
