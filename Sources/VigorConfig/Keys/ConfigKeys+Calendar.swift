import Foundation
import GhostScheduling

extension ConfigKeys {
    /// `[calendar]`: the user's own addresses (its sources are `calendarSource`).
    static let calendar = ConfigTable<DaemonConfig>(["calendar"], [
        ConfigKey(
            "addresses", "array of e-mail addresses",
            read: { input, config throws(ConfigError) in
                config.calendar.addresses = try input.list({ "must be an array of e-mail addresses, got \($0.typeName)" }) {
                    index, item throws(ConfigError) in
                    guard case .string(let address) = item, address.contains("@") else {
                        throw input.error("item \(index) must be an e-mail address; got \(KeyInput.describe(item))")
                    }
                    return address
                }
            },
            show: { TOMLText.list($0.calendar.addresses.map(TOMLText.quoted)) }),
    ])

    /// `[calendar.output]`: the vdir vigord writes, and the reminder its blocks carry.
    public static let calendarOutput = ConfigTable<DaemonConfig>(["calendar", "output"], [
        outputPath,
        ConfigKey(
            "alarm_minutes", "integer 0–1440, or `false`", restartOnly: .value(\.calendar.alarmMinutes),
            read: { input, config throws(ConfigError) in
                let rule = "must be minutes before the start (0…1440) or false for no reminder"
                switch input.value {
                case .bool(false): config.calendar.alarmMinutes = nil
                case .integer(let minutes) where (0...1440).contains(minutes): config.calendar.alarmMinutes = minutes
                case .integer(let minutes): throw input.error("\(rule); got \(minutes)")
                case .bool(true): throw input.error("\(rule); got true")
                default: throw input.error("\(rule); got \(KeyInput.describe(input.value))")
                }
            },
            show: { $0.calendar.alarmMinutes.map(String.init) ?? "false" }),
    ])

    /// The vdir root of vigord's own calendar.
    public static let outputPath = ConfigKey<DaemonConfig>.path(
        "path", \.calendar.outputPath, notSet: "$XDG_DATA_HOME/vigor/calendars", restartOnly: true)

    /// `[calendar.shadow]`: a busy-only copy of the blocks; when the table is given, its `path` is required.
    public static let calendarShadow = ConfigTable<DaemonConfig>(["calendar", "shadow"], [
        shadowPath,
        ConfigKey(
            "summary", "string, one line of 1–100 characters", restartOnly: .table(\.calendar.shadow),
            read: { input, config throws(ConfigError) in
                let summary = try input.string()
                let trimmed = summary.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, trimmed.count <= 100, !summary.contains(where: \.isNewline) else {
                    throw input.error("must be one line of 1…100 characters, e.g. \"Busy\"; got '\(summary)'")
                }
                var shadow = config.calendar.shadow ?? ShadowCalendar(path: "")
                shadow.summary = trimmed
                config.calendar.shadow = shadow
            },
            show: { TOMLText.quoted($0.calendar.shadow?.summary ?? ShadowCalendar(path: "").summary) }),
    ], check: { table, config throws(ConfigError) in
        guard let shadow = config.calendar.shadow, !shadow.path.isEmpty else { throw table.error(shadowPath.name, shadowNeedsAPath) }
    })

    /// The shadow calendar's collection folder, required when the table is given.
    public static let shadowPath = ConfigKey<DaemonConfig>(
        "path", "string", restartOnly: .table(\.calendar.shadow),
        read: { input, config throws(ConfigError) in
            let path = try input.string()
            guard !path.isEmpty else { throw input.error(shadowNeedsAPath) }
            var shadow = config.calendar.shadow ?? ShadowCalendar(path: "")
            shadow.path = input.reader.resolvePath(path)
            config.calendar.shadow = shadow
        },
        show: { $0.calendar.shadow.map { TOMLText.quoted($0.path) } ?? "# not set: no shadow calendar" })

    private static let shadowNeedsAPath = "the shadow calendar needs the folder of its collection, e.g. \"~/.local/share/vigor/busy\""

    /// `[calendar.hold]`: hours before its start a hold turns busy to others, and the free minutes of its day below
    /// which it does at once.
    public static let calendarHold = ConfigTable<DaemonConfig>(["calendar", "hold"], [
        .integer("defend_hours", 0...168, "must be hours before a hold's start (0…168)", \.calendar.hold.defendHours),
        .integer(
            "defend_when_free_below_minutes", 0...1440, "must be free minutes of the day (0…1440)",
            \.calendar.hold.defendWhenFreeBelowMinutes),
    ])
}
