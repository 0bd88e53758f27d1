#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The system's current zone name, read fresh (Foundation's `TimeZone.current` is cached for the process).
public enum SystemTimeZone {
    /// `TZ` without a leading `:`, else the IANA name `/etc/localtime` links to; nil when neither says.
    public static func identifier(environment: [String: String], localtime: String = "/etc/localtime") -> String? {
        if let zone = environment["TZ"], !zone.isEmpty {
            return zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
        }
        let target: String
        do {
            target = try FileManager.default.destinationOfSymbolicLink(atPath: localtime)
        } catch {
            return nil  // no link (a copied file, or none at all): the zone is not known this way
        }
        let parts = target.split(separator: "zoneinfo/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return String(parts[1])
    }

    /// True when `name` is a zone in the system's zone database (`/usr/share/zoneinfo`, Debian's tzdata), which is
    /// where vigord, libical and Foundation read zones from.
    public static func isKnown(_ name: String, zoneinfo: String = "/usr/share/zoneinfo") -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return false }
        var status = stat()
        return stat(zoneinfo + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
