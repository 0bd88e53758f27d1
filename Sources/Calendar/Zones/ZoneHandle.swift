import CLibical
import Foundation

/// A resolved libical timezone plus the object that keeps its memory alive.
///
/// Builtin zones live for the whole process; zones from a file's VTIMEZONE are owned by that
/// file's parsed component tree, which `owner` retains.
final class ZoneHandle: @unchecked Sendable {
    let tzid: String
    let pointer: OpaquePointer
    private let owner: AnyObject?

    init(tzid: String, pointer: OpaquePointer, owner: AnyObject?) {
        self.tzid = tzid
        self.pointer = pointer
        self.owner = owner
    }

    /// UTC offset in seconds in effect at a UTC instant (caller holds the libical lock).
    func offsetAtUTC(_ seconds: Int) -> Int {
        var utc = icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
        utc.zone = nil
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(pointer, &utc, &isDaylight))
    }
}
