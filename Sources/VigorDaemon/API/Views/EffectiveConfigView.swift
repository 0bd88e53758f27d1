import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC
import VigorConfig

extension EffectiveConfig {
    /// The API's view of the configuration in force: every key with its value and source.
    init(_ inForce: ConfigInForce) {
        self = EffectiveConfigView.build(
            inForce.config, origin: inForce.origin, path: inForce.path, locator: TOMLKeyLocator(text: inForce.text),
            waiting: inForce.waitingForRestart, folders: inForce.folders)
    }
}

extension ReloadOutcome {
    /// The API's view of a reload, its time in the zone in force then.
    init(_ reload: ConfigReload) {
        self.init(
            at: RPCTimestamp(reload.at, in: reload.zone), ok: reload.ok, configPath: reload.configPath, error: reload.error,
            needsRestart: reload.needsRestart)
    }
}

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
            [ConfigKeys.daemon.qualifiedName(ConfigKeys.socket): $0.socket,
             ConfigKeys.daemon.qualifiedName(ConfigKeys.stateDir): $0.stateDirectory,
             ConfigKeys.calendarOutput.qualifiedName(ConfigKeys.outputPath): $0.calendarOutput,
             ConfigKeys.health.qualifiedName(ConfigKeys.dropFolder): $0.healthDropFolder]
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

    /// Every table with its keys, in the order of Docs/configuration.md (`ConfigKeys`), the calendar sources after
    /// `[calendar.hold]` and the health sources after `[health]`, each as one inline table.
    private static func tables(_ config: DaemonConfig) -> [Table] {
        var result: [Table] = []
        for table in ConfigKeys.tables {
            result.append(Table(name: table.name, entries: table.keys.map { key in
                Entry(key: key.name, value: key.show(config) ?? "", table: table.path, names: table.spelledNames.filter {
                    $0 == key.name || $0 == key.oldName?.name
                })
            }))
            if table.path == ConfigKeys.calendarHold.path {
                result.append(repeated(ConfigKeys.calendarSource, config.calendar.sources.map(CalendarSourceDraft.init)))
            } else if table.path == ConfigKeys.health.path {
                result.append(repeated(ConfigKeys.healthSource, config.health.sources.map(HealthSourceDraft.init)))
            }
        }
        result += engineTables(config)
        return result
    }

    /// A repeatable table's entries, each as one inline table.
    private static func repeated<Draft>(_ table: ConfigTable<Draft>, _ drafts: [Draft]) -> Table {
        Table(name: table.name, entries: drafts.enumerated().map { index, draft in
            let members = table.keys.compactMap { key in key.show(draft).map { "\(key.name) = \($0)" } }
            return Entry(
                key: "[\(index)]", value: "{ " + members.joined(separator: ", ") + " }", table: table.path, names: [nil],
                arrayIndex: index)
        })
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

    private static func quoted(_ text: String) -> String { TOMLText.quoted(text) }

    private static func list(_ items: [String]) -> String { TOMLText.list(items) }
}
