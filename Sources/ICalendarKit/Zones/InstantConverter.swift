import Foundation

/// Converts wall times to UTC instants with RFC 5545's rules for DST gaps and overlaps.
///
/// A wall time inside a spring-forward gap is read with the offset in force before the gap
/// (02:30 Berlin on the change day becomes 03:30 CEST); a wall time in a fall-back overlap
/// means its first occurrence (the earlier instant). Thread-safe; never call it inside
/// `LibicalRuntime.run` (zone offsets take the libical lock themselves when they must ask libical).
struct InstantConverter {
    /// The zone used for floating times and all-day dates.
    let floatingZone: ZoneHandle

    /// Seconds since 1970 (UTC) for a value in the file.
    func instant(_ time: CalendarTime) -> Int {
        switch time.reference {
        case .utc:
            return time.wall.naiveSeconds
        case .floating:
            return instant(of: time.wall, in: floatingZone)
        case .zone(let zone):
            return instant(of: time.wall, in: zone)
        }
    }

    /// Seconds since 1970 (UTC) for a wall time in `zone`.
    func instant(of wall: WallDateTime, in zone: ZoneHandle) -> Int {
        let naive = wall.naiveSeconds
        let offsetBefore = zone.offsetAtUTC(naive - 18 * 3_600)
        let offsetAfter = zone.offsetAtUTC(naive + 18 * 3_600)
        let before = naive - offsetBefore
        let after = naive - offsetAfter
        let beforeHolds = naive - zone.offsetAtUTC(before) == before
        let afterHolds = after != before && naive - zone.offsetAtUTC(after) == after
        switch (beforeHolds, afterHolds) {
        case (true, true): return min(before, after)
        case (false, true): return after
        default: return before
        }
    }

    /// The wall time that a UTC instant shows in `zone`.
    func wallTime(ofInstant seconds: Int, in reference: TimeReference) -> WallDateTime {
        switch reference {
        case .utc:
            return WallDateTime.fromNaive(seconds)
        case .floating:
            return WallDateTime.fromNaive(seconds + floatingZone.offsetAtUTC(seconds))
        case .zone(let zone):
            return WallDateTime.fromNaive(seconds + zone.offsetAtUTC(seconds))
        }
    }
}
