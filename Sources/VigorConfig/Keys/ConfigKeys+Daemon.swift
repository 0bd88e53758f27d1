import CivilCalendar

extension ConfigKeys {
    /// `[daemon]`: where the daemon listens, keeps state and logs; all read only at start.
    public static let daemon = ConfigTable<DaemonConfig>(["daemon"], [
        socket,
        stateDir,
        ConfigKey(
            "log", "`\"auto\"`, `\"journal\"`, `\"stderr\"`", restartOnly: .value(\.daemon.log),
            read: { input, config throws(ConfigError) in
                let log = try input.string()
                guard let choice = LogDestinationChoice(rawValue: log) else {
                    throw input.error("must be one of auto, journal, stderr; got '\(log)'")
                }
                config.daemon.log = choice
            },
            show: { TOMLText.quoted($0.daemon.log.rawValue) }),
        ConfigKey(
            "log_level", "`\"trace\"` … `\"critical\"`", restartOnly: .value(\.daemon.logLevel),
            read: { input, config throws(ConfigError) in
                let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
                config.daemon.logLevel = try input.word(of: levels) { "must be one of \(levels.joined(separator: ", ")); got '\($0)'" }
            },
            show: { TOMLText.quoted($0.daemon.logLevel) }),
    ])

    /// The socket vigord binds when systemd passes none.
    public static let socket = ConfigKey<DaemonConfig>.path(
        "socket", \.daemon.socket, notSet: "the default socket (see vigord.conf(5))", restartOnly: true)

    /// The folder of the state database.
    public static let stateDir = ConfigKey<DaemonConfig>.path(
        "state_dir", \.daemon.stateDir, notSet: "the default state folder (see vigord.conf(5))", restartOnly: true)
}
