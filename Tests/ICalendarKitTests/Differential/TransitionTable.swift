import Foundation
@testable import ICalendarKit

/// UTC offset changes of a zone in a year, computed once per (zone, year).
struct TransitionTable {
    /// Instant of the change and the offsets before and after.
    struct Change {
        var instant: Int
        var before: Int
        var after: Int
    }

    private var cache: [String: [Change]] = [:]

    mutating func changes(in zone: String, year: Int) -> [Change] {
        let key = "\(zone) \(year)"
        if let known = cache[key] { return known }
        guard let handle = ZoneResolver.builtin(zone) else { return [] }
        var found: [Change] = []
        var day = WallDateTime(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0, isDate: false).naiveSeconds
        let end = WallDateTime(year: year + 1, month: 1, day: 1, hour: 0, minute: 0, second: 0, isDate: false).naiveSeconds
        var offset = handle.offsetAtUTC(day)
        while day < end {
            let next = handle.offsetAtUTC(day + 86_400)
            if next != offset {
                var low = day
                var high = day + 86_400
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if handle.offsetAtUTC(middle) == offset { low = middle } else { high = middle }
                }
                found.append(Change(instant: high, before: offset, after: next))
                offset = next
            }
            day += 86_400
        }
        cache[key] = found
        return found
    }
}
