import CLibical
import Foundation
import Synchronization

/// A resolved zone: a system zone read from its zoneinfo file, or a file's own VTIMEZONE through
/// libical.
///
/// System zones live for the whole process (one shared handle per zone, see
/// `ZoneResolver.builtin`); a zone from a file's VTIMEZONE is a copy the handle owns and frees,
/// so no file's parse tree is kept for its zones.
///
/// Thread-safe. A system zone answers from its immutable rules. A VTIMEZONE zone answers from a
/// Swift-side cache of whole UTC days; libical is asked (under `LibicalRuntime`'s lock) only for
/// days not seen yet and for the instants of a day with a transition. Never call it while holding
/// the libical lock.
final class ZoneHandle: @unchecked Sendable {
    let tzid: String
    private let rules: ZoneinfoRules?
    /// A copied VTIMEZONE, which `deinit` frees (nil for a system zone).
    private let pointer: OpaquePointer?
    /// UTC offset per UTC day (seconds since 1970 / 86 400) for days without a transition;
    /// `Self.changesDuringDay` marks days whose offset changes.
    private let dayOffsets = Mutex<[Int: Int]>([:])
    private static let changesDuringDay = Int.min

    /// A system zone.
    init(tzid: String, rules: ZoneinfoRules) {
        self.tzid = tzid
        self.rules = rules
        pointer = nil
    }

    /// A zone defined by a file's VTIMEZONE: a copy of `embedded` (a zone of a parsed VCALENDAR),
    /// independent of its parse tree. Nil when libical cannot copy it.
    init?(tzid: String, copying embedded: OpaquePointer) {
        guard let definition = icaltimezone_get_component(embedded), let copy = icalcomponent_new_clone(definition) else {
            return nil
        }
        guard let zone = icaltimezone_new() else {
            icalcomponent_free(copy)
            return nil
        }
        guard icaltimezone_set_component(zone, copy) != 0 else {
            icalcomponent_free(copy)
            icaltimezone_free(zone, 1)
            return nil
        }
        self.tzid = tzid
        rules = nil
        pointer = zone
    }

    deinit {
        if let pointer {
            icaltimezone_free(pointer, 1)
        }
    }

    /// UTC offset in seconds in effect at a UTC instant.
    ///
    /// For a VTIMEZONE zone, a day counts as transition-free when its first and last second have
    /// the same offset (real zones change at most once a day).
    func offsetAtUTC(_ seconds: Int) -> Int {
        if let rules {
            return rules.offset(atUTC: seconds)
        }
        let day = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let cached = dayOffsets.withLock { $0[day] }
        if let cached, cached != Self.changesDuringDay {
            return cached
        }
        return LibicalRuntime.run {
            if cached == nil {
                let first = libicalOffset(at: day * 86_400)
                let last = libicalOffset(at: day * 86_400 + 86_399)
                dayOffsets.withLock { $0[day] = first == last ? first : Self.changesDuringDay }
                if first == last {
                    return first
                }
            }
            return libicalOffset(at: seconds)
        }
    }

    /// Caller holds the libical lock.
    private func libicalOffset(at seconds: Int) -> Int {
        guard let pointer else { return 0 }
        var utc = icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
        utc.zone = nil
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(pointer, &utc, &isDaylight))
    }
}
