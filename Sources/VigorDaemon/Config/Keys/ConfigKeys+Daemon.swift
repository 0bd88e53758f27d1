import CivilCalendar

extension ConfigKeys {
    /// `[daemon]`: where the daemon listens, keeps state and logs; all read only at start.
    static let daemon = ConfigTable<DaemonConfig>(["daemon"], [
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
    static let socket = ConfigKey<DaemonConfig>(
        "socket", "string", restartOnly: .value(\.daemon.socket),
        read: { input, config throws(ConfigError) in config.daemon.socket = try input.path() },
        show: { $0.daemon.socket.map(TOMLText.quoted) ?? "# not set: the default socket (see vigord.conf(5))" })

    /// The folder of the state database.
    static let stateDir = ConfigKey<DaemonConfig>(
        "state_dir", "string", restartOnly: .value(\.daemon.stateDir),
        read: { input, config throws(ConfigError) in config.daemon.stateDir = try input.path() },
        show: { $0.daemon.stateDir.map(TOMLText.quoted) ?? "# not set: the default state folder (see vigord.conf(5))" })
}
