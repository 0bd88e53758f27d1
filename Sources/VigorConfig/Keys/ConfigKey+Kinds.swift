import CivilCalendar

/// The kinds of key most tables have, each written once: its documented type follows from how it is read.
extension ConfigKey where Target == DaemonConfig {
    /// An integer within `range`, documented as `integer 0–24`; outside it, `RULE; got N`.
    static func integer(
        _ name: String, _ range: ClosedRange<Int>, _ rule: String, _ path: WritableKeyPath<DaemonConfig, Int> & Sendable
    ) -> ConfigKey {
        ConfigKey(
            name, "integer \(range.lowerBound)–\(range.upperBound)",
            read: { input, config throws(ConfigError) in config[keyPath: path] = try input.integer(in: range, rule) },
            show: { "\($0[keyPath: path])" })
    }

    /// A local time, `"HH:MM"`; `example` shows the right form in the message.
    static func time(_ name: String, example: String, _ path: WritableKeyPath<DaemonConfig, TimeOfDay> & Sendable) -> ConfigKey {
        ConfigKey(
            name, "`\"HH:MM\"`",
            read: { input, config throws(ConfigError) in config[keyPath: path] = try input.time(example: example) },
            show: { TOMLText.quoted($0[keyPath: path].description) })
    }

    /// `true` or `false`.
    static func flag(_ name: String, _ path: WritableKeyPath<DaemonConfig, Bool> & Sendable) -> ConfigKey {
        ConfigKey(
            name, "boolean",
            read: { input, config throws(ConfigError) in config[keyPath: path] = try input.bool() },
            show: { "\($0[keyPath: path])" })
    }

    /// A folder or file, resolved against the configuration's folder; `notSet` is shown while the file gives none.
    static func path(
        _ name: String, _ path: WritableKeyPath<DaemonConfig, String?> & Sendable, notSet: String, restartOnly: Bool
    ) -> ConfigKey {
        ConfigKey(
            name, "string", restartOnly: restartOnly ? .value(path) : nil,
            read: { input, config throws(ConfigError) in config[keyPath: path] = try input.path() },
            show: { $0[keyPath: path].map(TOMLText.quoted) ?? "# not set: \(notSet)" })
    }
}
