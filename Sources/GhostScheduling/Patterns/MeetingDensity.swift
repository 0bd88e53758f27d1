import CivilCalendar
import Foundation
import GhostEngine

/// Same-day meeting density: hours of busy time inside a local day, overlaps counted once.
/// It is the `meetingHours` input of `SkipPredictor`.
public enum MeetingDensity {
    /// Busy hours within `day` (a 23- or 25-hour day counts its real length).
    /// - Throws: `SchedulingError.calendar` when the day's bounds cannot be formed.
    public static func hours(on day: LocalDay, busy: [BusyInterval], calendar: LocalCalendar) throws(SchedulingError) -> Double {
        let dayStart: Date
        let dayEnd: Date
        do {
            dayStart = try calendar.startOfDay(day)
            dayEnd = try calendar.startOfDay(day.adding(days: 1))
        } catch {
            throw .calendar(error)
        }
        let spans = busy.compactMap { interval -> (Date, Date)? in
            let start = max(interval.start, dayStart)
            let end = min(interval.end, dayEnd)
            return start < end ? (start, end) : nil
        }.sorted { $0.0 < $1.0 }
        var seconds = 0.0
        var covered = dayStart
        for (start, end) in spans where end > covered {
            seconds += end.timeIntervalSince(max(start, covered))
            covered = end
        }
        return seconds / 3600
    }
}
