import CivilCalendar

extension ConfigKeys {
    /// `[notify]`: how and when the Ghost reaches its user.
    static let notify = ConfigTable<DaemonConfig>(["notify"], [
        .integer("daily_budget", 0...24, "must be 0…24", \.notify.rules.dailyBudget),
        ConfigKey(
            "quiet_hours", "`\"HH:MM-HH:MM\"`",
            read: { input, config throws(ConfigError) in
                let quiet = try input.string()
                let parts = quiet.split(separator: "-").map(String.init)
                guard parts.count == 2, let from = TimeOfDay(parsing: parts[0]), let until = TimeOfDay(parsing: parts[1]) else {
                    throw input.error("must be \"HH:MM-HH:MM\" (it may span midnight, e.g. \"21:30-07:00\"); got '\(quiet)'")
                }
                config.notify.rules.quietFrom = from
                config.notify.rules.quietUntil = until
            },
            show: { TOMLText.quoted("\($0.notify.rules.quietFrom.description)-\($0.notify.rules.quietUntil.description)") }),
        .flag("desktop", \.notify.desktop),
        ConfigKey(
            "command", "array of strings",
            read: { input, config throws(ConfigError) in
                guard case .array(let items) = input.value, !items.isEmpty else {
                    throw input.error("must be a non-empty array of strings, e.g. [\"ntfy\", \"publish\", \"mytopic\"]")
                }
                config.notify.command = try input.list({ _ in "" }) { index, item throws(ConfigError) in
                    guard case .string(let text) = item, !text.isEmpty else {
                        throw input.error("item \(index) must be a non-empty string; got \(KeyInput.describe(item))")
                    }
                    return text
                }
            },
            show: { TOMLText.list($0.notify.command.map(TOMLText.quoted)) }),
        .integer("command_timeout_seconds", 1...300, "must be 1…300", \.notify.commandTimeoutSeconds),
    ])
}
