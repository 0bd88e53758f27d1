import CivilCalendar
import GhostEngine
import GhostScheduling

/// The ICS text of a population user's calendar: weekly recurring events (`RRULE`) in the user's zone, anchored on the
/// Monday of the first simulated week, so the calendar module expands them as it would a real calendar's.
public enum PopulationCalendar {
    /// The calendar of `kind` for a user whose first day is `firstDay` in `timeZone`, one line per element; its events
    /// recur from at least `historyDays` before `firstDay` (whole periods of six weeks, so the fortnightly and
    /// three-weekly rules keep their weeks).
    public static func ics(_ kind: CalendarKind, firstDay: LocalDay, timeZone: String, historyDays: Int = 0) -> [String] {
        let periods = (historyDays + 41) / 42
        let monday = firstDay.adding(days: -((firstDay.weekday + 5) % 7) - 42 * periods)
        var events: [[String]] = []
        func weekly(_ uid: String, _ summary: String, _ days: String, _ from: String, _ to: String, interval: Int = 1, weekOffset: Int = 0) {
            let start = monday.adding(days: 7 * weekOffset)
            let rule = interval == 1 ? "RRULE:FREQ=WEEKLY;BYDAY=\(days)" : "RRULE:FREQ=WEEKLY;INTERVAL=\(interval);BYDAY=\(days)"
            events.append([
                "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
                "DTSTART;TZID=\(timeZone):\(compact(start))T\(from)00", "DTEND;TZID=\(timeZone):\(compact(start))T\(to)00",
                rule, "SUMMARY:\(summary)", "END:VEVENT",
            ])
        }
        func allDay(_ uid: String, _ summary: String, weekday offset: Int, interval: Int) {
            let day = monday.adding(days: offset)
            events.append([
                "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:\(compact(day))",
                "DTEND;VALUE=DATE:\(compact(day.adding(days: 1)))", "RRULE:FREQ=WEEKLY;INTERVAL=\(interval)", "SUMMARY:\(summary)",
                "END:VEVENT",
            ])
        }
        let weekdays = "MO,TU,WE,TH,FR"
        switch kind {
        case .light:
            weekly("dinner", "Dinner with friends", "WE", "1900", "2100")
            weekly("club", "Book club", "SA", "1000", "1200", interval: 2)
        case .office:
            weekly("work", "Work", weekdays, "0900", "1700")
            weekly("calls", "Early calls", "TU,TH", "0730", "0900")
        case .onCall:
            weekly("work", "Work", weekdays, "0900", "1700")
            weekly("oncall-morning", "On call", "MO,TU,WE,TH,FR,SA,SU", "0600", "0900", interval: 3)
            weekly("oncall-evening", "On call", "MO,TU,WE,TH,FR,SA,SU", "1800", "2300", interval: 3)
        case .shift:
            weekly("early", "Early shift", weekdays, "0600", "1400", interval: 2)
            weekly("late", "Late shift", weekdays, "1400", "2200", interval: 2, weekOffset: 1)
        case .parent:
            weekly("school-run", "School run", weekdays, "0715", "0815")
            weekly("work", "Work", weekdays, "0900", "1445")
            weekly("pick-up", "School pick-up", weekdays, "1500", "1600")
        case .traveller:
            weekly("work", "Work", weekdays, "0900", "1700")
            allDay("out", "Flight to Lisbon", weekday: 0, interval: 2)
            allDay("back", "Flight home", weekday: 3, interval: 2)
        }
        return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord//population//EN"] + events.flatMap { $0 } + ["END:VCALENDAR"]
    }

    private static func compact(_ day: LocalDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }
}
