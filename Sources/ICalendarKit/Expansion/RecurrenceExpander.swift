import CLibical
import Foundation

/// Expands events (masters, overrides, single events) into occurrences overlapping [from, to).
///
/// RRULEs are iterated by libical on wall-clock time, so a weekly 09:00 stays 09:00 across DST;
/// each wall time is then converted with `InstantConverter`. Iteration stops past the window
/// end (plus the largest backward THISANDFUTURE shift), never running toward year 9999.
/// Thread-safe for distinct inputs (libical's iterator works on floating wall times and
/// touches no shared state; zone offsets lock for themselves). Never call inside `LibicalRuntime.run`.
struct RecurrenceExpander {
    let converter: InstantConverter
    /// Keeps rule iterators between calls (one file's recurring events); nil: iterate afresh.
    var ruleCursors: RuleCursorCache?
    /// Safety stop for pathological rules (e.g. FREQ=SECONDLY from years ago).
    var maxInstancesPerRule = 500_000

    private struct Instance {
        var start: Int
        var time: CalendarTime
        var length: EventLength
        /// An RDATE period: its length is measured from its own start (not the master's DTSTART), also when
        /// a RANGE=THISANDFUTURE override moves it.
        var isPeriod = false
    }

    /// Occurrences of all events in one file overlapping [from, to), plus problems met.
    func occurrences(of events: [EventRecord], from: Int, to: Int) -> (occurrences: [EventOccurrence], issues: [String]) {
        var byUID: [String: [EventRecord]] = [:]
        var order: [String] = []
        for event in events {
            if byUID[event.uid] == nil { order.append(event.uid) }
            byUID[event.uid, default: []].append(event)
        }
        var result: [EventOccurrence] = []
        var issues: [String] = []
        for uid in order {
            let group = byUID[uid] ?? []
            let masters = group.filter { $0.recurrenceID == nil }
            let overrides = group.filter { $0.recurrenceID != nil }
            if masters.isEmpty {
                for single in overrides {
                    result.append(occurrence(of: single, start: converter.instant(single.start), time: single.start, length: single.length))
                }
                continue
            }
            for master in masters {
                if overrides.isEmpty, master.recurrenceRules.isEmpty, master.recurrenceDates.isEmpty,
                   !mayOverlap(wallStart: master.start.wall.naiveSeconds, master: master, from: from, to: to) {
                    continue
                }
                result.append(contentsOf: expand(master: master, overrides: overrides, from: from, to: to, issues: &issues))
            }
        }
        return (result.filter { overlaps($0, from: from, to: to) }, issues)
    }

    /// The one occurrence of an event without RRULE, RDATE, EXDATE or overrides (as `occurrences` gives it).
    func singleOccurrence(of record: EventRecord) -> EventOccurrence {
        occurrence(of: record, start: converter.instant(record.start), time: record.start, length: record.length)
    }

    /// Start and end of the event's first instance (its DTSTART), ignoring recurrence.
    func firstSpan(of record: EventRecord) -> (start: Int, end: Int) {
        span(start: converter.instant(record.start), time: record.start, length: record.length, base: record.start)
    }

    /// Cheap test on wall-clock seconds, before any zone conversion. UTC offsets lie in
    /// [-12 h, +14 h], so a start is at most 14 h before its wall reading, and an end (DTEND may
    /// be on another clock than DTSTART) at most 12 h + 26 h after start + wall length.
    /// Only skips work; never decides membership on its own.
    private func mayOverlap(wallStart: Int, master: EventRecord, from: Int, to: Int) -> Bool {
        return wallStart - Self.startMargin < to && wallStart + longestWallLength(of: master) + Self.endMargin > from
    }

    private static let startMargin = 15 * 3_600
    private static let endMargin = 40 * 3_600

    /// The longest an instance can last on the wall clock, by the master's length rule.
    private func longestWallLength(of master: EventRecord) -> Int {
        switch master.length {
        case .unspecified:
            return master.isAllDay ? 86_400 : 0
        case .until(let end):
            return max(0, end.wall.naiveSeconds - master.start.wall.naiveSeconds)
        case .duration(let days, let seconds):
            return max(0, days * 86_400 + seconds)
        }
    }

    private func overlaps(_ occurrence: EventOccurrence, from: Int, to: Int) -> Bool {
        if occurrence.end <= occurrence.start {
            return occurrence.start >= from && occurrence.start < to
        }
        return occurrence.start < to && occurrence.end > from
    }

    private func expand(master: EventRecord, overrides: [EventRecord], from: Int, to: Int, issues: inout [String]) -> [EventOccurrence] {
        var exact: [Int: EventRecord] = [:]
        var future: [(rid: Int, record: EventRecord)] = []
        var largestBackShift = 0
        for override in overrides {
            guard let rid = override.recurrenceID else { continue }
            let ridInstant = converter.instant(rid)
            exact[ridInstant] = override
            if override.appliesToFuture {
                future.append((ridInstant, override))
                largestBackShift = max(largestBackShift, ridInstant - converter.instant(override.start))
            }
        }
        future.sort { $0.rid < $1.rid }

        let horizon = converter.wallTime(ofInstant: to + 2 * 86_400 + largestBackShift, in: master.start.reference)
        // Starts that `mayOverlap` would skip need not be produced again; a THISANDFUTURE override
        // can move any earlier start into the window, so then every start is needed.
        let lower = future.isEmpty ? WallDateTime.fromNaive(from - longestWallLength(of: master) - Self.endMargin) : nil
        var instances: [Int: Instance] = [:]
        let masterStart = converter.instant(master.start)
        instances[masterStart] = Instance(start: masterStart, time: master.start, length: master.length)
        for rule in master.recurrenceRules {
            for wall in ruleStarts(rule, master: master, from: lower, horizon: horizon, issues: &issues) {
                if future.isEmpty && !mayOverlap(wallStart: wall.naiveSeconds, master: master, from: from, to: to) {
                    continue
                }
                let time = master.start.with(wall: wall)
                let start = converter.instant(time)
                instances[start] = Instance(start: start, time: time, length: master.length)
            }
        }
        for date in master.recurrenceDates {
            switch date {
            case .start(let time):
                let start = converter.instant(time)
                instances[start] = Instance(start: start, time: time, length: master.length)
            case .period(let time, let length):
                // The period's own start and end (or duration), in its own zone (RFC 5545 3.8.5.2).
                let start = converter.instant(time)
                instances[start] = Instance(start: start, time: time, length: length, isPeriod: true)
            }
        }
        for exception in master.exceptionDates {
            // An override of an excluded instance has nothing left to change: it goes with the instance.
            if exception.wall.isDate {
                let onThatDay = { (instant: Int) -> Bool in
                    let day = converter.wallTime(ofInstant: instant, in: master.start.reference)
                    return day.startOfDay(isDate: true) == exception.wall.startOfDay(isDate: true)
                }
                instances = instances.filter { !onThatDay($0.key) }
                exact = exact.filter { !onThatDay($0.key) }
            } else {
                instances[converter.instant(exception)] = nil
                exact[converter.instant(exception)] = nil
            }
        }

        var result: [EventOccurrence] = []
        for key in instances.keys.sorted() {
            guard let instance = instances[key], exact[key] == nil else { continue }
            if let governing = future.last(where: { $0.rid < key }) {
                result.append(moved(instance, key: key, by: governing.record, ridInstant: governing.rid))
            } else {
                result.append(occurrence(of: master, start: instance.start, time: instance.time, length: instance.length,
                                         lengthBase: instance.isPeriod ? instance.time : master.start))
            }
        }
        for override in exact.values {
            result.append(occurrence(of: override, start: converter.instant(override.start), time: override.start, length: override.length))
        }
        return result
    }

    /// An instance after a RANGE=THISANDFUTURE override (RFC 5545 3.8.4.4): moved as the override moved its
    /// own instance, on the wall clock when the override's DTSTART and RECURRENCE-ID share one (a weekly
    /// 09:00 moved to 10:00 stays at 10:00 across DST), else by the exact difference; lasting as the override
    /// does, or as its RDATE period does.
    private func moved(_ instance: Instance, key: Int, by record: EventRecord, ridInstant: Int) -> EventOccurrence {
        let time: CalendarTime
        let start: Int
        if let rid = record.recurrenceID, Self.sameClock(record.start, rid) {
            let shift = record.start.wall.naiveSeconds - rid.wall.naiveSeconds
            time = instance.time.with(wall: WallDateTime.fromNaive(instance.time.wall.naiveSeconds + shift, isDate: instance.time.wall.isDate))
            start = converter.instant(time)
        } else {
            start = key + converter.instant(record.start) - ridInstant
            time = instance.time.with(wall: converter.wallTime(ofInstant: start, in: instance.time.reference))
        }
        if instance.isPeriod {
            return occurrence(of: record, start: start, time: time, length: instance.length, lengthBase: instance.time)
        }
        return occurrence(of: record, start: start, time: time, length: record.length)
    }

    /// Whether two values are read on one clock (both UTC, both floating or both dates, or one zone).
    private static func sameClock(_ one: CalendarTime, _ other: CalendarTime) -> Bool {
        guard one.wall.isDate == other.wall.isDate else { return false }
        switch (one.reference, other.reference) {
        case (.utc, .utc), (.floating, .floating): return true
        case (.zone(let first), .zone(let second)): return first === second
        default: return false
        }
    }

    /// One occurrence starting at `time` (`start` in UTC); a DTEND length is measured from `lengthBase`
    /// (default: the record's DTSTART).
    private func occurrence(of record: EventRecord, start: Int, time: CalendarTime, length: EventLength,
                            lengthBase: CalendarTime? = nil) -> EventOccurrence {
        let span = span(start: start, time: time, length: length, base: lengthBase ?? record.start)
        return EventOccurrence(of: record, start: span.start, end: span.end)
    }

    /// Start and end instants of an instance starting at `time` (`start` in UTC) with a length rule whose
    /// DTEND is measured from `base`. The parser puts a DTEND that comes before DTSTART first; a reversed
    /// pair that still arrives here (an RDATE period) gives the time between the two instants, never nothing.
    private func span(start: Int, time: CalendarTime, length: EventLength, base: CalendarTime) -> (start: Int, end: Int) {
        let computed: Int
        switch length {
        case .unspecified:
            computed = time.wall.isDate ? converter.instant(time.with(wall: time.wall.addingDays(1))) : start
        case .until(let endTime):
            if base.wall.isDate && endTime.wall.isDate {
                let days = (endTime.wall.naiveSeconds - base.wall.naiveSeconds) / 86_400
                computed = converter.instant(time.with(wall: time.wall.addingDays(days)))
            } else {
                computed = start + (converter.instant(endTime) - converter.instant(base))
            }
        case .duration(let days, let seconds):
            computed = converter.instant(time.with(wall: time.wall.addingDays(days))) + seconds
        }
        return (min(start, computed), max(start, computed))
    }

    /// Wall-clock starts produced by one RRULE up to `horizon` (inclusive of DTSTART if it matches).
    /// Starts before `lower` (nil: none) may be left out.
    private func ruleStarts(_ text: String, master: EventRecord, from lower: WallDateTime?, horizon: WallDateTime,
                            issues: inout [String]) -> [WallDateTime] {
        var problem: String?
        let make = { () -> RuleCursor? in
            do throws(RuleCursorError) {
                return try RuleCursor(text: text, dtstart: master.start.wall,
                                      onStartClock: { untilOnStartClock($0, master: master) })
            } catch {
                switch error {
                case .notUnderstood: problem = "\(master.uid): RRULE \"\(text)\" not understood; only DTSTART used"
                case .cannotIterate: problem = "\(master.uid): libical cannot iterate RRULE \"\(text)\""
                }
                return nil
            }
        }
        let cursor = ruleCursors.map { $0.cursor(for: text, of: master, make: make) } ?? make()
        if let problem {
            issues.append(problem)
        }
        guard let cursor else {
            if problem == nil {
                issues.append("\(master.uid): RRULE \"\(text)\" could not be iterated; only DTSTART used")
            }
            return []
        }
        let (starts, stoppedAtLimit) = cursor.starts(from: lower, upTo: horizon, limit: maxInstancesPerRule)
        if stoppedAtLimit {
            issues.append("\(master.uid): RRULE \"\(text)\" stopped after \(maxInstancesPerRule) instances")
        }
        return Array(starts)
    }

    /// UNTIL rewritten as a wall time on DTSTART's clock, since iteration runs on wall time.
    private func untilOnStartClock(_ until: icaltimetype, master: EventRecord) -> icaltimetype {
        let untilWall = WallDateTime(year: Int(until.year), month: Int(until.month), day: Int(until.day),
                                 hour: Int(until.hour), minute: Int(until.minute), second: Int(until.second),
                                 isDate: until.is_date != 0)
        if master.start.wall.isDate {
            var day = untilWall
            if icaltime_is_utc(until) != 0 && !untilWall.isDate {
                day = converter.wallTime(ofInstant: untilWall.naiveSeconds, in: .floating)
            }
            return day.startOfDay(isDate: true).floatingICalTime
        }
        if untilWall.isDate {
            return untilWall.endOfDay.floatingICalTime
        }
        if icaltime_is_utc(until) != 0 {
            return converter.wallTime(ofInstant: untilWall.naiveSeconds, in: master.start.reference).floatingICalTime
        }
        return untilWall.floatingICalTime
    }
}
