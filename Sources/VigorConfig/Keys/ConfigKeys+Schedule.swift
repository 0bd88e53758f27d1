import CivilCalendar
import Foundation
import ICalendarKit

extension ConfigKeys {
    /// `[schedule]`: when the daily cycles run, in which zone, and where home is.
    static let schedule = ConfigTable<DaemonConfig>(["schedule"], [
        .time("morning", example: "06:30 or 6:30", \.schedule.morning),
        .time("evening", example: "21:00", \.schedule.evening),
        ConfigKey(
            "timezone", "IANA name",
            read: { input, config throws(ConfigError) in
                let zone = try input.string()
                guard TimeZone(identifier: zone) != nil else {
                    throw input.error("'\(zone)' is not a known IANA time zone (e.g. Europe/Berlin); is tzdata installed?")
                }
                config.schedule.timezone = zone
            },
            show: { $0.schedule.timezone.map(TOMLText.quoted) ?? "# not set: the system zone (\(TimeZone.current.identifier))" }),
        ConfigKey(
            "home", "`\"latitude, longitude\"`",
            read: { input, config throws(ConfigError) in
                let home = try input.string()
                guard let position = GeoPosition(text: home) else {
                    throw input.error("must be \"latitude, longitude\" in decimal degrees (e.g. \"52.52, 13.405\"); got '\(home)'")
                }
                config.schedule.home = position
            },
            show: { config in
                config.schedule.home.map { TOMLText.quoted("\($0.latitude), \($0.longitude)") } ?? "# not set: no distance rule for travel"
            }),
    ])
}
