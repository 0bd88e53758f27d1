import Foundation
import GhostEngine

/// Reads `[engine]` (and its sub-tables `[engine.trust]`, `[engine.breaker]`, …) into `EngineRules`:
/// keys in snake_case or camelCase, every key checked against the rules table (an unknown key is an
/// error with a suggestion), missing keys keep their documented defaults, and the result must pass
/// `EngineRules.validate()`.
struct EngineRulesReader {
    let loader: ConfigReader

    func read(_ members: [String: ConfigTree]) throws(ConfigError) -> EngineRules {
        let known: Any
        do {
            known = try JSONSerialization.jsonObject(with: JSONEncoder().encode(EngineRules.standard))
        } catch {
            throw loader.error(ConfigReader.Place(table: ["engine"]), nil, "the engine's rules table cannot be described: \(error)")
        }
        let json = try convert(members, known: known, path: ["engine"])
        let rules: EngineRules
        do {
            rules = try JSONDecoder().decode(EngineRules.self, from: JSONSerialization.data(withJSONObject: json))
        } catch {
            throw loader.error(ConfigReader.Place(table: ["engine"]), nil, "a value has the wrong type: \(error)")
        }
        do {
            try rules.validate()
        } catch {
            throw loader.error(ConfigReader.Place(table: ["engine"]), nil, error.message)
        }
        return rules
    }

    /// Turns a TOML table into the JSON the rules decode from, checking each key against `known`.
    private func convert(_ members: [String: ConfigTree], known: Any, path: [String]) throws(ConfigError) -> [String: Any] {
        guard let knownTable = known as? [String: Any] else {
            throw loader.error(ConfigReader.Place(table: Array(path.dropLast())), path.last, "must be a number, not a table")
        }
        var result: [String: Any] = [:]
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let name = Self.camelCase(key)
            guard let expected = knownTable[name] else {
                let suggestion = KeySuggestion.closest(to: name, in: Set(knownTable.keys)).map { " (did you mean '\($0)'?)" } ?? ""
                throw loader.error(
                    ConfigReader.Place(table: path), key,
                    "unknown engine rule\(suggestion); known here: \(knownTable.keys.sorted().joined(separator: ", "))")
            }
            switch value {
            case .table(let table): result[name] = try convert(table, known: expected, path: path + [key])
            case .integer(let number): result[name] = number
            case .double(let number): result[name] = number
            case .bool(let flag): result[name] = flag
            default: throw loader.error(ConfigReader.Place(table: path), key, "must be a number, got \(value.typeName)")
            }
        }
        return result
    }

    /// `consecutive_deletions` → `consecutiveDeletions`; camelCase stays as it is.
    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        guard let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
