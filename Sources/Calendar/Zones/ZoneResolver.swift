import CLibical
import Foundation

/// Resolves a TZID to a libical zone: the file's own VTIMEZONE first, then the system
/// zoneinfo (IANA names, also behind vendor prefixes such as "/mozilla.org/20070129_1/"),
/// then Windows zone names through the CLDR table. An unresolvable TZID returns nil so the
/// caller can report it instead of letting libical silently read the time as floating.
/// One resolver serves one file on one thread while its parse tree lives; it caches each TZID's
/// answer. The zones it hands out outlive the tree (see `ZoneHandle`).
final class ZoneResolver {
    /// The parsed VCALENDAR whose VTIMEZONE blocks are searched (nil: builtin zones only).
    let calendar: OpaquePointer?
    private var cache: [String: ZoneHandle?] = [:]

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
        if let calendar, let embedded = icalcomponent_get_timezone(calendar, tzid) {
            return ZoneHandle(tzid: tzid, copying: embedded)
        }
        return Self.builtin(tzid)
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
        return LibicalRuntime.run {
            for name in names {
                if let shared = sharedBuiltins[name] {
                    return shared
                }
                if let zone = icaltimezone_get_builtin_timezone(name) {
                    let handle = ZoneHandle(tzid: name, builtin: zone)
                    sharedBuiltins[name] = handle
                    return handle
                }
            }
            return nil
        }
    }

    /// One handle per builtin zone, so every file and service shares its offset cache.
    /// Guarded by the libical lock (`LibicalRuntime.run`).
    nonisolated(unsafe) private static var sharedBuiltins: [String: ZoneHandle] = [:]

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
