import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

/// The configuration in force as `daemon.config` shows it: every key of every table, its value in TOML syntax,
/// and its source, `file:LINE` when the file sets it (TOMLKeyLocator), else `default`.
enum EffectiveConfigView {
    /// `waiting`: the file's configuration and the restart-only keys whose value in it waits for a restart. `folders`:
    /// the socket and folders in force, shown with their source where the file's key did not give them (a flag, the
    /// environment, a default in the chosen state folder).
    static func build(
        _ config: DaemonConfig, origin: ConfigLoader.Origin, path: String, locator: TOMLKeyLocator,
        waiting: (file: DaemonConfig, keys: [String])? = nil, folders: FoldersInForce? = nil
    ) -> EffectiveConfig {
        let inForce: [String: FoldersInForce.Folder] = folders.map {
            ["daemon.socket": $0.socket, "daemon.state_dir": $0.stateDirectory, "calendar.output.path": $0.calendarOutput,
             "health.drop_folder": $0.healthDropFolder]
        } ?? [:]
        let defaults = tables(DaemonConfig())
        let fileTables = waiting.map { Self.tables($0.file) } ?? []
        let tables = tables(config).map { table in
            let standard = defaults.first { $0.name == table.name }
            return EffectiveConfig.Table(name: table.name, keys: table.entries.map { entry in
                let defaultValue = standard?.entries.first { $0.key == entry.key }?.value
                let line = entry.tables.lazy.flatMap { table in
                    entry.names.lazy.compactMap { locator.line(table: table, arrayIndex: entry.arrayIndex, key: $0) }
                }.first
                let source = if let line { "\(path):\(line)" } else if origin == .file, entry.value != defaultValue { path } else { "default" }
                let needsRestart = waiting.flatMap { waiting -> String? in
                    guard RestartOnlyKeys.isAmong(waiting.keys, table: table.name, key: entry.key) else { return nil }
                    let fileValue = fileTables.first { $0.name == table.name }?.entries.first { $0.key == entry.key }?.value
                    return fileValue.flatMap { $0 == entry.value ? nil : $0 }
                }
                if let folder = inForce[table.name + "." + entry.key], let given = folder.source {
                    return EffectiveConfig.Key(key: entry.key, value: quoted(folder.path), source: given, needsRestart: needsRestart)
                }
                return EffectiveConfig.Key(key: entry.key, value: entry.value, source: source, needsRestart: needsRestart)
            })
        }
        return EffectiveConfig(configPath: path, configSource: origin.rawValue, tables: tables)
    }

    /// One key before its source is known: where the locator looks for it (`tables` and `names`: the spellings
    /// they may have, snake_case or camelCase under `[engine]`).
    private struct Entry {
        var key: String
        var value: String
        var tables: [[String]]
        var names: [String?]
        var arrayIndex: Int?

        init(key: String, value: String, table: [String], names: [String?], arrayIndex: Int? = nil, camelTable: [String]? = nil) {
            self.key = key
            self.value = value
            self.tables = [table] + (camelTable.map { [$0] } ?? [])
            self.names = names
            self.arrayIndex = arrayIndex
        }
    }

    private struct Table {
        var name: String
        var entries: [Entry]
    }

    /// Every table with its keys, in the order of Docs/configuration.md.
    private static func tables(_ config: DaemonConfig) -> [Table] {
        func table(_ path: [String], _ pairs: [(String, String)]) -> Table {
            Table(name: path.joined(separator: "."), entries: pairs.map { Entry(key: $0.0, value: $0.1, table: path, names: [$0.0]) })
        }
        let training = config.training
        let notify = config.notify
        var result = [
            table(["daemon"], [
                ("socket", config.daemon.socket.map(quoted) ?? "# not set: the default socket (see vigord.conf(5))"),
                ("state_dir", config.daemon.stateDir.map(quoted) ?? "# not set: the default state folder (see vigord.conf(5))"),
                ("log", quoted(config.daemon.log.rawValue)),
                ("log_level", quoted(config.daemon.logLevel)),
            ]),
            table(["schedule"], [
                ("morning", quoted(config.schedule.morning.description)),
                ("evening", quoted(config.schedule.evening.description)),
                ("timezone", config.schedule.timezone.map(quoted) ?? "# not set: the system zone (\(TimeZone.current.identifier))"),
                ("home", config.schedule.home.map { quoted("\($0.latitude), \($0.longitude)") } ?? "# not set: no distance rule for travel"),
            ]),
            table(["calendar"], [("addresses", list(config.calendar.addresses.map(quoted)))]),
            table(["calendar", "output"], [
                ("path", config.calendar.outputPath.map(quoted) ?? "# not set: $XDG_DATA_HOME/vigor/calendars"),
                ("alarm_minutes", config.calendar.alarmMinutes.map(String.init) ?? "false"),
            ]),
            table(["calendar", "shadow"], [
                ("path", config.calendar.shadow.map { quoted($0.path) } ?? "# not set: no shadow calendar"),
                ("summary", quoted(config.calendar.shadow?.summary ?? ShadowCalendar(path: "").summary)),
            ]),
            table(["calendar", "hold"], [
                ("defend_hours", String(config.calendar.hold.defendHours)),
                ("defend_when_free_below_minutes", String(config.calendar.hold.defendWhenFreeBelowMinutes)),
            ]),
        ]
        result.append(Table(name: "calendar.source", entries: config.calendar.sources.enumerated().map { index, source in
            let location = switch source.location {
            case .path(let path): "path = \(quoted(path))"
            case .url(let url): "url = \(quoted(url.absoluteString))"
            }
            return Entry(
                key: "[\(index)]", value: "{ name = \(quoted(source.name)), \(location), all_day = \(quoted(source.allDay.rawValue)) }",
                table: ["calendar", "source"], names: [nil], arrayIndex: index)
        }))
        result += [
            table(["training"], [
                ("sessions_per_week", "\(training.sessionsPerWeek)"),
                ("duration_minutes", "\(training.durationMinutes)"),
                ("preferred", list(training.preferred.map { quoted($0.description) })),
                ("intensity", quoted(training.intensity)),
                ("earliest", quoted(training.earliest.description)),
                ("latest", quoted(training.latest.description)),
                ("rest_days", list(training.restDays.map { quoted(WeekdayName.name(of: $0)) })),
                ("buffer_before_minutes", "\(training.bufferBeforeMinutes)"),
                ("buffer_after_minutes", "\(training.bufferAfterMinutes)"),
                ("min_hours_between_sessions", "\(training.minHoursBetweenSessions)"),
                ("week_starts", quoted(WeekdayName.name(of: training.weekStarts))),
                ("lunch_allowed", "\(config.schedulingRules.sacred.lunchOptIn)"),
            ]),
            // The file may still give the drop folder under its old key, `inbox`.
            Table(name: "health", entries: [
                Entry(
                    key: "drop_folder", value: config.health.dropFolderPath.map(quoted) ?? "# not set: $XDG_DATA_HOME/vigor/inbox",
                    table: ["health"], names: ["drop_folder", "inbox"]),
            ]),
            table(["profile"], [
                ("equipment", list(config.profile.equipment.map(quoted))),
                ("injuries", list(config.profile.injuries.map(quoted))),
            ]),
            table(["notify"], [
                ("daily_budget", "\(notify.rules.dailyBudget)"),
                ("quiet_hours", quoted("\(notify.rules.quietFrom.description)-\(notify.rules.quietUntil.description)")),
                ("desktop", "\(notify.desktop)"),
                ("command", list(notify.command.map(quoted))),
                ("command_timeout_seconds", "\(notify.commandTimeoutSeconds)"),
            ]),
        ]
        result += engineTables(config)
        return result
    }

    /// `[engine.*]`: every rule of both tables, read from their JSON as `EngineRulesReader` offers them.
    private static func engineTables(_ config: DaemonConfig) -> [Table] {
        let described: [String: Any]
        do {
            described = try EngineRulesReader.describe(config.engineRules, config.schedulingRules)
        } catch {
            return [Table(name: "engine", entries: [
                Entry(key: "(rules)", value: "# cannot be described: \(error)", table: ["engine"], names: []),
            ])]
        }
        var tables: [Table] = []
        func walk(_ members: [String: Any], path: [String], camelPath: [String]) {
            var entries: [Entry] = []
            var nested: [(String, [String: Any])] = []
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                if RuleValueShape(value) == nil, let table = value as? [String: Any] {
                    nested.append((name, table))
                    continue
                }
                let snake = EngineRulesReader.snakeCase(name)
                entries.append(Entry(key: snake, value: render(value), table: path, names: [snake, name], camelTable: camelPath))
            }
            if !entries.isEmpty { tables.append(Table(name: path.joined(separator: "."), entries: entries)) }
            for (name, table) in nested {
                walk(table, path: path + [EngineRulesReader.snakeCase(name)], camelPath: camelPath + [name])
            }
        }
        walk(described, path: ["engine"], camelPath: ["engine"])
        return tables
    }

    /// A rule's JSON value in TOML syntax: numbers as they are (no rule is a flag), times and windows as `"HH:MM"` strings.
    private static func render(_ value: Any) -> String {
        switch RuleValueShape(value) {
        case .time: return quoted(time(value))
        case .window:
            let window = value as? [String: Any]
            return quoted(time(window?["from"] as Any) + "-" + time(window?["to"] as Any))
        case .strings: return list(((value as? [Any]) ?? []).map { quoted("\($0)") })
        case nil: break
        }
        if let text = value as? String { return quoted(text) }
        return "\(value)"
    }

    private static func time(_ value: Any) -> String {
        let table = value as? [String: Any]
        let hour = (table?["hour"] as? Int) ?? 0
        let minute = (table?["minute"] as? Int) ?? 0
        return TimeOfDay(hour: hour, minute: minute).description
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }
}
