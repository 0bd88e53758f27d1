import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Default locations, following the XDG base directory spec for users and FHS for root.
public enum ConfigPaths {
    /// `$XDG_CONFIG_HOME/vigor/config.toml` (`~/.config/vigor/config.toml`), or `/etc/vigor/config.toml` as root.
    public static func defaultConfigFile(environment: [String: String], uid: UInt32) -> String {
        if uid == 0 { return "/etc/vigor/config.toml" }
        return xdg("XDG_CONFIG_HOME", fallback: ".config", environment: environment) + "/vigor/config.toml"
    }

    /// `$STATE_DIRECTORY` (set by systemd's StateDirectory=), else `$XDG_STATE_HOME/vigor`, or `/var/lib/vigor` as root.
    public static func defaultStateDirectory(environment: [String: String], uid: UInt32) -> String {
        if let systemd = environment["STATE_DIRECTORY"], !systemd.isEmpty {
            return String(systemd.split(separator: ":").first ?? Substring(systemd))
        }
        if uid == 0 { return "/var/lib/vigor" }
        return xdg("XDG_STATE_HOME", fallback: ".local/state", environment: environment) + "/vigor"
    }

    /// `calendars` in the state folder when one was chosen (`--state-dir`, `[daemon] state_dir`); else
    /// `$XDG_DATA_HOME/vigor/calendars` (`~/.local/share/vigor/calendars`); `/var/lib/vigor/calendars` as root and
    /// for the system service (its dynamic user has the home `/`, read-only: the calendar lives in its state folder).
    public static func defaultCalendarOutput(environment: [String: String], uid: UInt32, chosenStateDirectory: String? = nil) -> String {
        (chosenStateDirectory ?? systemFolder(environment: environment, uid: uid)).map { $0 + "/calendars" }
            ?? xdg("XDG_DATA_HOME", fallback: ".local/share", environment: environment) + "/vigor/calendars"
    }

    /// `inbox` in the state folder when one was chosen; else `$XDG_DATA_HOME/vigor/inbox` (`~/.local/share/vigor/inbox`);
    /// `/var/lib/vigor/inbox` as root and for the system service.
    public static func defaultHealthDropFolder(environment: [String: String], uid: UInt32, chosenStateDirectory: String? = nil) -> String {
        (chosenStateDirectory ?? systemFolder(environment: environment, uid: uid)).map { $0 + "/inbox" }
            ?? xdg("XDG_DATA_HOME", fallback: ".local/share", environment: environment) + "/vigor/inbox"
    }

    /// The folder a system instance keeps its data in: the one systemd made for the system service
    /// (`StateDirectory=vigor` gives `$STATE_DIRECTORY=/var/lib/vigor`), or `/var/lib/vigor` as root; nil for a user.
    private static func systemFolder(environment: [String: String], uid: UInt32) -> String? {
        if let systemd = environment["STATE_DIRECTORY"], systemd.hasPrefix("/var/lib/") {
            return String(systemd.split(separator: ":").first ?? Substring(systemd))
        }
        return uid == 0 ? "/var/lib/vigor" : nil
    }

    private static func xdg(_ key: String, fallback: String, environment: [String: String]) -> String {
        if let value = environment[key], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/" + fallback
    }
}
