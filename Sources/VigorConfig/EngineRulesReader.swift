import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// Reads `[engine]` and its sub-tables into the two rules tables: the Ghost's (`[engine.trust]`,
/// `[engine.breaker]`, …, `EngineRules`) and the scheduling brain's (`[engine.slots]`, `[engine.sacred]`,
/// `[engine.travel]`, `[engine.transformation]`, `[engine.patterns]`, `SchedulingRules`). Keys in snake_case or
/// camelCase, every key checked against the tables (an unknown key is an error with a suggestion), times as
/// `"HH:MM"` and windows as `"HH:MM-HH:MM"`, missing keys keep their documented defaults, and both tables must
/// pass their `validate()`.
public struct EngineRulesReader {
    let loader: ConfigReader

    /// The scheduling groups `[engine]` offers. The recovery formula is versioned (a stored score names the
    /// formula that made it), so it is not a setting; the lunch opt-in is `[training] lunch_allowed`.
    static let schedulingGroups = ["slots", "sacred", "travel", "transformation", "patterns"]

    /// Keys of the tables that are set elsewhere, with where.
    static let setElsewhere = ["lunchOptIn": "set it as [\(ConfigKeys.training.name)] \(ConfigKeys.lunchAllowed.name)"]

    func read(_ members: [String: ConfigTree]) throws(ConfigError) -> (EngineRules, SchedulingRules) {
        let top = ConfigReader.Place(table: ["engine"])
        let known = try Self.knownTable(loader: loader)
        // What the file names, laid over the defaults: a table that sets one key of a nested group
        // (`[engine.trust.to_scheduler] min_score`) keeps the group's other defaults.
        let json = Self.overlay(try convert(members, known: known, path: ["engine"]), on: known)
        let schedulingJSON = json.filter { Self.schedulingGroups.contains($0.key) }
        let engineJSON = json.filter { !Self.schedulingGroups.contains($0.key) }
        let engine: EngineRules
        let scheduling: SchedulingRules
        do {
            engine = try JSONDecoder().decode(EngineRules.self, from: JSONSerialization.data(withJSONObject: engineJSON))
            scheduling = try JSONDecoder().decode(SchedulingRules.self, from: JSONSerialization.data(withJSONObject: schedulingJSON))
        } catch {
            throw loader.error(top, nil, "a value has the wrong type: \(error)")
        }
        do {
            try engine.validate()
        } catch {
            guard case .invalidRule(let name, let problem) = error else { throw loader.error(top, nil, error.message) }
            throw ruleError(name, problem, members)
        }
        do {
            try scheduling.validate()
        } catch {
            guard case .invalidSetting(let name, let problem) = error else { throw loader.error(top, nil, error.message) }
            throw ruleError(name, problem, members)
        }
        return (engine, scheduling)
    }

    /// `base` with every value of `over` put in, tables merged key by key.
    static func overlay(_ over: [String: Any], on base: [String: Any]) -> [String: Any] {
        var result = base
        for (key, value) in over {
            if let table = value as? [String: Any], let below = base[key] as? [String: Any],
                RuleValueShape(below) == nil
            {
                result[key] = overlay(table, on: below)
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// A rule that cannot work, named (`slots.stepMinutes`) as the file spells it, on its line when the file sets it.
    private func ruleError(_ name: String, _ problem: String, _ members: [String: ConfigTree]) -> ConfigError {
        var table = ["engine"]
        var level: [String: ConfigTree]? = members
        let parts = name.split(separator: ".").map(String.init)
        for (index, part) in parts.enumerated() {
            let written = level?.keys.first { Self.camelCase($0) == part }
            guard index < parts.count - 1 else {
                let key = written ?? Self.snakeCase(part)
                return loader.error(ConfigReader.Place(table: table), key, problem)
            }
            table.append(written ?? Self.snakeCase(part))
            if let written, case .table(let next)? = level?[written] { level = next } else { level = nil }
        }
        return loader.error(ConfigReader.Place(table: ["engine"]), nil, problem)
    }

    /// Every key `[engine]` takes, as the JSON of the defaults: the engine's groups and the scheduling groups.
    static func knownTable(loader: ConfigReader) throws(ConfigError) -> [String: Any] {
        do {
            return try describe(EngineRules.standard, SchedulingRules.standard)
        } catch {
            throw loader.error(ConfigReader.Place(table: ["engine"]), nil, "the rules tables cannot be described: \(error)")
        }
    }

    /// The JSON of both tables as `[engine]` offers them (without the keys set elsewhere or not offered).
    public static func describe(_ engine: EngineRules, _ scheduling: SchedulingRules) throws -> [String: Any] {
        guard var table = try JSONSerialization.jsonObject(with: JSONEncoder().encode(engine)) as? [String: Any],
            let rules = try JSONSerialization.jsonObject(with: JSONEncoder().encode(scheduling)) as? [String: Any]
        else { return [:] }
        for group in schedulingGroups {
            guard var members = rules[group] as? [String: Any] else { continue }
            for key in setElsewhere.keys { members.removeValue(forKey: key) }
            table[group] = members
        }
        return table
    }

    /// Turns a TOML table into the JSON the rules decode from, checking each key against `known`.
    private func convert(_ members: [String: ConfigTree], known: Any, path: [String]) throws(ConfigError) -> [String: Any] {
        guard let knownTable = known as? [String: Any] else {
            throw loader.error(ConfigReader.Place(table: Array(path.dropLast())), path.last, "must be a value, not a table")
        }
        var result: [String: Any] = [:]
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let name = Self.camelCase(key)
            let place = ConfigReader.Place(table: path)
            if let elsewhere = Self.setElsewhere[name], path.count == 2 {
                throw loader.error(place, key, "is not an engine rule: \(elsewhere)")
            }
            guard let expected = knownTable[name] else {
                // Suggestions in the user's own spelling: snake_case when the key has an underscore.
                let snake = key.contains("_")
                let closest = KeySuggestion.closest(to: name, in: Set(knownTable.keys))
                let suggestion = closest.map { " (did you mean '\(snake ? Self.snakeCase($0) : $0)'?)" } ?? ""
                let known = knownTable.keys.map { snake ? Self.snakeCase($0) : $0 }.sorted().joined(separator: ", ")
                throw loader.error(place, key, "unknown engine rule\(suggestion); known here: \(known)")
            }
            result[name] = try convertValue(value, expected: expected, key: key, place: place, path: path)
        }
        return result
    }

    /// One value: a table, a number or flag, a word (where the rule is one, e.g. `breaker.drop_to`), a string list, or a time (`"HH:MM"`) or window (`"HH:MM-HH:MM"`).
    private func convertValue(
        _ value: ConfigTree, expected: Any, key: String, place: ConfigReader.Place, path: [String]
    ) throws(ConfigError) -> Any {
        if let shape = RuleValueShape(expected) {
            switch (shape, value) {
            case (.time, .string(let text)):
                guard let time = TimeOfDay(parsing: text) else { throw loader.error(place, key, "must be \"HH:MM\" (24-hour), e.g. \"06:30\" or \"6:30\"; got '\(text)'") }
                return ["hour": time.hour, "minute": time.minute]
            case (.window, .string(let text)):
                guard let window = TimeWindow(parsing: text) else {
                    throw loader.error(place, key, "must be \"HH:MM-HH:MM\" with start before end, e.g. \"06:30-08:30\"; got '\(text)'")
                }
                return [
                    "from": ["hour": window.from.hour, "minute": window.from.minute],
                    "to": ["hour": window.to.hour, "minute": window.to.minute],
                ]
            case (.strings, .array(let items)):
                return try items.enumerated().map { index, item throws(ConfigError) -> String in
                    guard case .string(let text) = item, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw loader.error(place, key, "item \(index + 1) must be a non-empty string; got \(item.typeName)")
                    }
                    return text
                }
            case (.time, _): throw loader.error(place, key, "must be \"HH:MM\" (24-hour), got \(value.typeName)")
            case (.window, _): throw loader.error(place, key, "must be \"HH:MM-HH:MM\", got \(value.typeName)")
            case (.strings, _): throw loader.error(place, key, "must be an array of strings, got \(value.typeName)")
            }
        }
        switch value {
        case .string(let text) where expected is String: return text
        case .table(let table): return try convert(table, known: expected, path: path + [key])
        case .integer(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        default: throw loader.error(place, key, "must be a number, got \(value.typeName)")
        }
    }

    /// `consecutive_deletions` → `consecutiveDeletions`; camelCase stays as it is.
    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        guard let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `consecutiveDeletions` → `consecutive_deletions`, as the documentation and `vigorctl config` write keys.
    public static func snakeCase(_ key: String) -> String {
        key.reduce(into: "") { text, character in
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
    }
}

/// How a rule that is not a plain number is written in `config.toml`, recognised from the JSON of its default.
public enum RuleValueShape {
    /// A `TimeOfDay`, `"HH:MM"`.
    case time
    /// A `TimeWindow`, `"HH:MM-HH:MM"`.
    case window
    /// A list of words.
    case strings

    public init?(_ expected: Any) {
        if expected is [Any] {
            self = .strings
        } else if let table = expected as? [String: Any], Set(table.keys) == ["hour", "minute"] {
            self = .time
        } else if let table = expected as? [String: Any], Set(table.keys) == ["from", "to"] {
            self = .window
        } else {
            return nil
        }
    }
}
