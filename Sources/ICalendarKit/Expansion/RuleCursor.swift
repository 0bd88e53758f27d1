import CLibical
import Foundation

/// Why an RRULE gives no starts beyond DTSTART.
enum RuleCursorError: Error {
    /// libical does not understand the text.
    case notUnderstood
    /// libical understands it but cannot iterate it.
    case cannotIterate
}

/// One RRULE's iterator (libical's, or `WeeklyRule` for plain weekly rules) kept
/// alive with the wall-clock starts it has produced, so a later window continues the iteration
/// instead of restarting it at DTSTART.
///
/// Only the starts from `retainedSeconds` before the latest window on are kept, so a rule that began
/// years ago costs memory for a few months, not for all its years; an ended rule lets its iterator
/// go. A window earlier than what is kept iterates again from DTSTART, giving the same starts.
///
/// Not thread-safe: its owner (`RuleCursorCache`, inside one `FileOccurrenceIndex`) serialises use.
final class RuleCursor {
    /// Starts this long before the latest window's lower bound are still kept: the daemon's prepared
    /// horizon reaches six weeks back, so its windows never make a rule start over.
    static let retainedSeconds = 120 * 86_400

    /// The rule as written, and its UNTIL rewritten on DTSTART's clock (null when it has none).
    private let text: String
    private let until: icaltimetype
    private let dtstart: icaltimetype
    private let isDate: Bool
    /// A weekly rule iterated in Swift, as it was before its first start (nil: libical iterates).
    private let weeklyAtStart: WeeklyRule?
    /// The live iteration: libical's iterator and the rule's RSCALE string it reads, or the Swift one
    /// (both nil once the rule has ended).
    private var iterator: (pointer: OpaquePointer, rscale: UnsafeMutablePointer<CChar>?)?
    private var weekly: WeeklyRule?
    /// Starts kept, in iteration order: every start produced so far at or after `keptFrom`.
    private var walls: [WallDateTime] = []
    /// Naive seconds before which produced starts were let go (nil: none were).
    private var keptFrom: Int?
    /// Starts produced since DTSTART, kept or not, and the last of them.
    private var produced = 0
    private var lastProduced: WallDateTime?
    private var exhausted = false

    /// Parses `text` and starts iterating at `dtstart`; `onStartClock` rewrites an UNTIL for iteration.
    init(text: String, dtstart: WallDateTime, onStartClock: (icaltimetype) -> icaltimetype) throws(RuleCursorError) {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        guard rule.freq != ICAL_NO_RECURRENCE else { throw .notUnderstood }
        let hasUntil = icaltime_is_null_time(rule.until) == 0
        self.text = text
        self.until = hasUntil ? onStartClock(rule.until) : icaltime_null_time()
        self.dtstart = dtstart.floatingICalTime
        self.isDate = dtstart.isDate
        weeklyAtStart = WeeklyRule(text: text, start: dtstart, until: hasUntil ? WallDateTime(ical: until) : nil)
        weekly = weeklyAtStart
        if weekly == nil {
            guard let iterator = Self.iterate(text: text, until: until, from: self.dtstart) else { throw .cannotIterate }
            self.iterator = iterator
        }
    }

    deinit {
        stopIterating()
    }

    /// How many starts are kept now (for tests).
    var keptCount: Int { walls.count }

    /// The starts in iteration order from `lower` (nil: from DTSTART) up to the first one after
    /// `horizon`, and whether iteration stopped at `limit` starts since DTSTART. Starts before
    /// `lower` may be included.
    func starts(from lower: WallDateTime?, upTo horizon: WallDateTime, limit: Int) -> (starts: ArraySlice<WallDateTime>, stoppedAtLimit: Bool) {
        if let keptFrom, (lower?.naiveSeconds ?? Int.min) < keptFrom {
            restart()
        }
        while !exhausted, produced < limit, lastProduced.map({ $0 <= horizon }) ?? true {
            guard let wall = next() else {
                exhausted = true
                stopIterating()
                break
            }
            walls.append(wall)
            produced += 1
            lastProduced = wall
        }
        if let lower {
            letGo(before: lower.naiveSeconds - Self.retainedSeconds)
        }
        let end = walls.firstIndex { $0 > horizon } ?? walls.count
        return (walls[..<end], produced >= limit)
    }

    /// The next start of the live iteration, nil when the rule has ended.
    private func next() -> WallDateTime? {
        if weekly != nil {
            return weekly?.next()
        }
        guard let iterator else { return nil }
        let next = icalrecur_iterator_next(iterator.pointer)
        if icaltime_is_null_time(next) != 0 { return nil }
        var wall = WallDateTime(ical: next)
        wall.isDate = isDate
        return wall
    }

    /// A libical iterator over the rule from `start`; libical reads the rule's RSCALE string while it iterates.
    private static func iterate(text: String, until: icaltimetype, from start: icaltimetype)
        -> (pointer: OpaquePointer, rscale: UnsafeMutablePointer<CChar>?)? {
        var rule = icalrecurrencetype_from_string(text)
        if icaltime_is_null_time(until) == 0 {
            rule.until = until
        }
        guard let pointer = icalrecur_iterator_new(rule, start) else {
            free(rule.rscale)
            return nil
        }
        return (pointer, rule.rscale)
    }

    /// Starts over at DTSTART (it worked once, so libical can iterate the rule again).
    private func restart() {
        stopIterating()
        if let weeklyAtStart {
            weekly = weeklyAtStart
        } else {
            iterator = Self.iterate(text: text, until: until, from: dtstart)
        }
        walls = []
        keptFrom = nil
        produced = 0
        lastProduced = nil
        exhausted = iterator == nil && weekly == nil
    }

    private func stopIterating() {
        weekly = nil
        guard let iterator else { return }
        icalrecur_iterator_free(iterator.pointer)
        free(iterator.rscale)
        self.iterator = nil
    }

    private func letGo(before cut: Int) {
        let count = walls.firstIndex { $0.naiveSeconds >= cut } ?? walls.count
        guard count > 0 else { return }
        walls = Array(walls[count...])  // a new buffer: removeFirst would keep the old capacity
        keptFrom = max(keptFrom ?? cut, cut)
    }
}

/// The rule cursors of one file's recurring events, keyed by event and rule text.
final class RuleCursorCache {
    private var cursors: [String: RuleCursor] = [:]

    /// Forgets every cursor (their UNTIL was computed with another floating zone).
    func removeAll() {
        cursors = [:]
    }

    /// The cursor for `rule` of `master`, created with `make` the first time.
    func cursor(for rule: String, of master: EventRecord, make: () -> RuleCursor?) -> RuleCursor? {
        let key = "\(master.uid)\u{1}\(master.line)\u{1}\(master.start.wall.naiveSeconds)\u{1}\(rule)"
        if let cursor = cursors[key] {
            return cursor
        }
        let cursor = make()
        cursors[key] = cursor
        return cursor
    }
}
