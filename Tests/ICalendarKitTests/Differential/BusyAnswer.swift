import Foundation
@testable import ICalendarKit

/// One calendar of a differential run: the file and how it is read (the same settings on both sides).
struct ComparedCalendar: Sendable {
    var id: String
    var path: String
    /// The configured zone: floating times and all-day dates.
    var zone: String
    /// The window, Unix seconds.
    var from: Int
    var to: Int
    var allDay: CalendarSourceConfig.AllDayPolicy
    var addresses: [String]
}

/// What one implementation says about one calendar.
struct BusyAnswer: Sendable, Equatable, Codable {
    struct Instance: Sendable, Hashable, Codable {
        /// SUMMARY (what `CalendarService.events` lists; the generated calendars give each event its own).
        var summary: String
        var start: Int
        var end: Int
        var busy: Bool
    }

    /// Nil when the calendar was read; else why it was refused.
    var error: String?
    /// Merged busy intervals [start, end), clipped to the window.
    var intervals: [[Int]]
    /// Every expanded occurrence overlapping the window, cancelled ones left out.
    var instances: [Instance]

    /// Same merged busy intervals, and both read the file or both refused it.
    func agrees(with other: BusyAnswer) -> Bool {
        (error == nil) == (other.error == nil) && intervals == other.intervals
    }

    /// vigord's answer, in process: `CalendarService.busy` (what `calendar.busy` serves) and `events` for the
    /// instances.
    static func vigord(_ calendar: ComparedCalendar) throws(CalendarError) -> BusyAnswer {
        let config = CalendarSourceConfig(name: "compared", location: .file(calendar.path), allDay: calendar.allDay,
                                          userAddresses: calendar.addresses)
        let service = try CalendarService(sources: [config], settings: CalendarSettings(timeZone: calendar.zone))
        let from = Date(timeIntervalSince1970: TimeInterval(calendar.from))
        let to = Date(timeIntervalSince1970: TimeInterval(calendar.to))
        let busy = try service.busy(from: from, to: to)
        guard let status = busy.sources.first, status.ok else {
            return BusyAnswer(error: busy.sources.first?.error ?? "no status", intervals: [], instances: [])
        }
        let intervals = busy.intervals.map { [Int($0.start.timeIntervalSince1970), Int($0.end.timeIntervalSince1970)] }
        var seen: Set<Instance> = []
        var instances: [Instance] = []
        for event in service.events(from: from, to: to) {
            let instance = Instance(summary: event.summary, start: Int(event.start.timeIntervalSince1970),
                                    end: Int(event.end.timeIntervalSince1970), busy: event.isBusy)
            if seen.insert(instance).inserted { instances.append(instance) }
        }
        instances.sort { ($0.start, $0.end, $0.summary) < ($1.start, $1.end, $1.summary) }
        return BusyAnswer(error: nil, intervals: intervals, instances: instances)
    }
}
