import CLibical
import Foundation
import Synchronization

/// Resolves a TZID to a libical zone: a name the system zoneinfo knows (an IANA name, also behind a
/// vendor prefix such as "/mozilla.org/20070129_1/", or a Windows zone name through the CLDR table)
/// follows the system's rules, as Google, Apple and Thunderbird read it; the file's own VTIMEZONE
/// serves only TZIDs the system does not know. Producers embed partial definitions (Europe/Berlin
/// from 2018 on, for events in 2016), which libical would extend backwards with the wrong offset.
/// An unresolvable TZID returns nil so the caller can report it instead of letting libical
/// silently read the time as floating.
/// One resolver serves one file on one thread while its parse tree lives; it caches each TZID's
/// answer. The zones it hands out outlive the tree (see `ZoneHandle`).
final class ZoneResolver {
    /// The parsed VCALENDAR whose VTIMEZONE blocks are searched (nil: builtin zones only).
    let calendar: OpaquePointer?
    private var cache: [String: ZoneHandle?] = [:]
    /// The file's own definitions of TZIDs the system knows (set aside), with the wall time their
    /// first observance starts: from there on they claim to describe the zone.
    private var setAside: [String: (zone: ZoneHandle, from: WallDateTime)] = [:]
    /// TZIDs whose disagreement was reported already (once per TZID and calendar).
    private var reported: Set<String> = []
    /// TZIDs no rule resolves, reported already (once per TZID and calendar, at its first event).
    private var reportedUnknown: Set<String> = []

    /// Whether the file defines a zone the system knows (only then can `disagreement` find one).
    var hasSetAsideZones: Bool { !setAside.isEmpty }

    init(calendar: OpaquePointer?) {
        self.calendar = calendar
    }

    private static let ianaAreas = [
        "Africa/", "America/", "Antarctica/", "Arctic/", "Asia/", "Atlantic/", "Australia/",
        "Europe/", "Indian/", "Pacific/", "Etc/", "US/", "Canada/", "Brazil/", "Mexico/", "Chile/",
    ]

    /// Returns the zone for `tzid`, or nil when no rule can resolve it.
    func resolve(_ tzid: String) -> ZoneHandle? {
        if let known = cache[tzid] {
            return known
        }
        let zone = lookUp(tzid)
        cache[tzid] = zone
        return zone
    }

    private func lookUp(_ tzid: String) -> ZoneHandle? {
        let system = Self.builtin(tzid)
        guard let calendar, let embedded = icalcomponent_get_timezone(calendar, tzid),
              let own = ZoneHandle(tzid: tzid, copying: embedded) else { return system }
        guard let system else { return own }
        if let from = Self.firstObservance(of: embedded) {
            setAside[tzid] = (own, from)
        }
        return system
    }

    /// The sentence for the source status the first time the file uses `tzid`, which no rule resolves (not a
    /// system zone, a Windows id or display name, nor a VTIMEZONE in the file); nil after the first time.
    func unknownZoneReport(_ tzid: String) -> String? {
        guard reportedUnknown.insert(tzid).inserted else { return nil }
        return "unknown TZID \"\(tzid)\" (no system zone, Windows zone or VTIMEZONE in the file): every time in it is read in "
            + "the configured zone (first used here)"
    }

    /// Where the file's own VTIMEZONE for `tzid` (set aside for the system's rules) reads `wall` as another
    /// instant than the system does, from its first observance on: a sentence for the source status, once
    /// per TZID. Nil when they agree, the file has no such VTIMEZONE, or it was reported already.
    func disagreement(tzid: String, at wall: WallDateTime) -> String? {
        guard !reported.contains(tzid), let own = setAside[tzid], !(wall < own.from),
              let system = cache[tzid] ?? nil
        else { return nil }
        let converter = InstantConverter(floatingZone: system)
        let systemInstant = converter.instant(of: wall, in: system)
        let fileInstant = converter.instant(of: wall, in: own.zone)
        guard systemInstant != fileInstant else { return nil }
        reported.insert(tzid)
        return "the file's VTIMEZONE \"\(tzid)\" puts \(Self.text(wall)) at UTC\(Self.offsetText(wall.naiveSeconds - fileInstant)), "
            + "the system's zone \(system.tzid) at UTC\(Self.offsetText(wall.naiveSeconds - systemInstant)); "
            + "times in \"\(tzid)\" follow the system's rules"
    }

    /// The earliest DTSTART (a local wall time) among the zone's STANDARD and DAYLIGHT observances.
    private static func firstObservance(of zone: OpaquePointer) -> WallDateTime? {
        guard let component = icaltimezone_get_component(zone) else { return nil }
        var earliest: WallDateTime?
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            for observance in LibicalText.children(of: component, kind: kind) {
                let start = icalcomponent_get_dtstart(observance)
                guard icaltime_is_null_time(start) == 0 else { continue }
                let wall = WallDateTime(year: Int(start.year), month: Int(start.month), day: Int(start.day), hour: Int(start.hour),
                                    minute: Int(start.minute), second: Int(start.second), isDate: false)
                if earliest.map({ wall < $0 }) ?? true { earliest = wall }
            }
        }
        return earliest
    }

    private static func text(_ wall: WallDateTime) -> String {
        String(format: "%04d-%02d-%02d %02d:%02d", wall.year, wall.month, wall.day, wall.hour, wall.minute)
    }

    /// "+02:00", "-03:30", "+05:45".
    private static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// A zone from the system zoneinfo by IANA name, vendor-prefixed IANA name or Windows name.
    static func builtin(_ tzid: String) -> ZoneHandle? {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        var names = [trimmed]
        if let unprefixed = stripVendorPrefix(trimmed), unprefixed != trimmed {
            names.append(unprefixed)
        }
        if let windows = WindowsZoneTable.ianaName(forWindowsName: trimmed) {
            names.append(windows)
        }
        if ["UTC", "GMT", "Z", "Etc/UTC", "Etc/GMT"].contains(trimmed) {
            names.append("UTC")
        }
        for name in names {
            if let shared = sharedBuiltins.withLock({ $0[name] }) {
                return shared
            }
            if let rules = ZoneinfoRules.load(name: name) {
                let handle = ZoneHandle(tzid: name, rules: rules)
                return sharedBuiltins.withLock { shared in
                    if let first = shared[name] { return first }
                    shared[name] = handle
                    return handle
                }
            }
        }
        return nil
    }

    /// One handle per system zone, shared by every file and service.
    private static let sharedBuiltins = Mutex<[String: ZoneHandle]>([:])

    /// "/mozilla.org/20070129_1/Europe/Berlin" → "Europe/Berlin".
    static func stripVendorPrefix(_ tzid: String) -> String? {
        var best: String.Index?
        for area in ianaAreas {
            if let range = tzid.range(of: area, options: .backwards), best.map({ range.lowerBound > $0 }) ?? true {
                best = range.lowerBound
            }
        }
        guard let start = best, start != tzid.startIndex else { return nil }
        return String(tzid[start...])
    }
}
