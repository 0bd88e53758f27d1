/// Every key of `config.toml`, one entry each, in the order of Docs/configuration.md and `vigorctl config`. The
/// reader (`ConfigReader`), `vigorctl config` (`EffectiveConfigView`), the restart-only list (`RestartOnlyKeys`) and
/// the documentation checks walk these tables; `[engine]` is the rules tables themselves (`EngineRulesReader`).
/// A new key is one entry in its table's file, plus its row in Docs/configuration.md, its item in vigord.conf(5)
/// and its line in config/config.toml.
public enum ConfigKeys {
    /// The tables of plain keys; `[[calendar.source]]` (`calendarSource`) and `[[health.source]]` (`healthSource`) are
    /// repeatable and read into values of their own.
    public static let tables: [ConfigTable<DaemonConfig>] = [
        daemon, schedule, calendar, calendarOutput, calendarShadow, calendarHold, training, health, profile, notify,
    ]

    /// The top-level table of the rules (`[engine]`), read by `EngineRulesReader`.
    static let engine = "engine"

    /// The names a table may hold: its keys (and their old names) and the tables under it.
    static func allowed(in path: [String]) -> Set<String> {
        let paths = tables.map(\.path) + [calendarSource.path, healthSource.path]
        var names = Set(paths.filter { $0.count == path.count + 1 && Array($0.dropLast()) == path }.compactMap(\.last))
        if path.isEmpty { names.insert(engine) }
        names.formUnion(tables.filter { $0.path == path }.flatMap(\.spelledNames))
        if path == calendarSource.path { names.formUnion(calendarSource.spelledNames) }
        if path == healthSource.path { names.formUnion(healthSource.spelledNames) }
        return names
    }

    /// Every key as `vigorctl config` names it (`calendar.output.alarm_minutes`), the sources' keys as
    /// `calendar.source.name` and `health.source.name`: what Docs/configuration.md, vigord.conf(5) and config/config.toml list.
    static var qualifiedNames: Set<String> {
        Set(tables.flatMap { table in table.keys.map(table.qualifiedName) } + calendarSource.keys.map(calendarSource.qualifiedName)
            + healthSource.keys.map(healthSource.qualifiedName))
    }

    /// Every rule `[engine]` takes (`engine.slots.step_minutes`), from the rules tables' defaults. The scheduling
    /// groups are documented with the keys; the Ghost's own groups in Docs/engine.md.
    static func engineRuleNames() throws -> [(group: String, name: String)] {
        var names: [(group: String, name: String)] = []
        func walk(_ members: [String: Any], path: [String]) {
            for (name, value) in members {
                let snake = EngineRulesReader.snakeCase(name)
                if RuleValueShape(value) == nil, let table = value as? [String: Any] {
                    walk(table, path: path + [snake])
                } else {
                    names.append((group: path.count > 1 ? path[1] : "", name: (path + [snake]).joined(separator: ".")))
                }
            }
        }
        walk(try EngineRulesReader.describe(.standard, .standard), path: [engine])
        return names
    }
}
