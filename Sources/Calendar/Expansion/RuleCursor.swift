import CLibical
import Foundation

/// One RRULE's iterator (libical's, or `WeeklyRule` for the weekly rules libical gets wrong) kept
/// alive with the wall-clock starts it has produced, so a later window continues the iteration
/// instead of restarting it at DTSTART.
///
/// Not thread-safe: its owner (`RuleCursorCache`, inside one `FileOccurrenceIndex`) serialises use.
final class RuleCursor {
    private let iterator: OpaquePointer?
    private let rscale: UnsafeMutablePointer<CChar>?
    private var weekly: WeeklyRule?
    private let isDate: Bool
    private var walls: [WallTime] = []
    private var exhausted = false

    /// Takes ownership of `iterator` and of the rule's `rscale` string.
    init(iterator: OpaquePointer, rscale: UnsafeMutablePointer<CChar>?, isDate: Bool) {
        self.iterator = iterator
        self.rscale = rscale
        self.isDate = isDate
    }

    /// Iterates a weekly rule in Swift.
    init(weekly: WeeklyRule, isDate: Bool) {
        iterator = nil
        rscale = nil
        self.weekly = weekly
        self.isDate = isDate
    }

    deinit {
        if let iterator { icalrecur_iterator_free(iterator) }
        free(rscale)
    }

    /// The starts in iteration order up to the first one after `horizon`, at most `limit` of them.
    func starts(upTo horizon: WallTime, limit: Int) -> ArraySlice<WallTime> {
        while !exhausted, walls.count < limit, walls.last.map({ $0 <= horizon }) ?? true {
            guard let next = next() else {
                exhausted = true
                break
            }
            walls.append(next)
        }
        let end = walls.firstIndex { $0 > horizon } ?? walls.count
        return walls[..<min(end, limit)]
    }

    private func next() -> WallTime? {
        if weekly != nil {
            return weekly?.next()
        }
        guard let iterator else { return nil }
        let next = icalrecur_iterator_next(iterator)
        if icaltime_is_null_time(next) != 0 { return nil }
        return WallTime(year: Int(next.year), month: Int(next.month), day: Int(next.day),
                        hour: Int(next.hour), minute: Int(next.minute), second: Int(next.second), isDate: isDate)
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
