import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// The key table is what the docs, the manual and the template list: a key added to `ConfigKeys` without its row, its
/// item or its line fails here, and so does a documented key the table lacks.

/// Docs/configuration.md's key rows: `table.key` → the type and default columns, under each "### `[table]`" heading.
private func documentedRows() throws -> [String: (type: String, defaultValue: String)] {
    var rows: [String: (type: String, defaultValue: String)] = [:]
    var table: String?
    for line in try RepositoryFiles.text("Docs/configuration.md").split(separator: "\n") {
        if line.hasPrefix("### `[") {
            table = line.dropFirst("### `".count).prefix { $0 != "`" }.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        } else if let table, line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            rows[table + "." + cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (cells[2], cells[3])
        } else if line.hasPrefix("## ") {
            table = nil
        }
    }
    return rows
}

/// The keys vigord.conf(5) describes: `.It Ic key` items under `.Ss [table]` headings.
private func manualKeys() throws -> Set<String> {
    var keys: Set<String> = []
    var table = ""
    for line in try RepositoryFiles.text("man/vigord.conf.5").split(separator: "\n") {
        if line.hasPrefix(".Ss [") {
            table = String(line.dropFirst(4).prefix { $0 != " " }).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        } else if line.hasPrefix(".It Ic ") {
            keys.insert(table + "." + line.dropFirst(7).prefix { $0 != " " })
        }
    }
    return keys
}

/// The keys of config/config.toml: its settings are commented out as `#key = value` under `#[table]` lines.
private func templateKeys() throws -> Set<String> {
    var keys: Set<String> = []
    var table = ""
    for line in try RepositoryFiles.text("config/config.toml").split(separator: "\n")
    where line.hasPrefix("#[") || line.range(of: #"^#[a-z_]+ = "#, options: .regularExpression) != nil {
        if line.hasPrefix("#[") {
            table = line.trimmingCharacters(in: CharacterSet(charactersIn: "#[]"))
        } else {
            keys.insert(table + "." + line.dropFirst().prefix { $0 != " " })
        }
    }
    return keys
}

/// The keys Docs/configuration.md, vigord.conf(5) and the template speak of: every key of the table and the rules of
/// the scheduling groups of `[engine]` (the Ghost's own rules are documented in Docs/engine.md).
private func documentedKeys() throws -> Set<String> {
    let scheduling = try ConfigKeys.engineRuleNames().filter { EngineRulesReader.schedulingGroups.contains($0.group) }.map(\.name)
    return ConfigKeys.qualifiedNames.union(scheduling)
}

@Test func theConfigurationDocHasARowForEveryKeyOfTheTableWithItsType() throws {
    let rows = try documentedRows()
    let table = try documentedKeys()
    #expect(table.count > 60)
    #expect(Set(rows.keys) == table, "only in the docs: \(Set(rows.keys).subtracting(table).sorted()); only in the table: \(table.subtracting(rows.keys).sorted())")
    for section in ConfigKeys.tables {
        for key in section.keys {
            let name = section.qualifiedName(key)
            #expect(rows[name]?.type == key.documented, "\(name): the docs say \(rows[name]?.type ?? "nothing")")
        }
    }
    for key in ConfigKeys.calendarSource.keys {
        #expect(rows[ConfigKeys.calendarSource.qualifiedName(key)]?.type == key.documented)
    }
}

@Test func theConfigurationDocStatesTheDefaultVigorctlConfigShows() throws {
    let rows = try documentedRows()
    var compared = 0
    for section in ConfigKeys.tables {
        for key in section.keys {
            // A default the docs give as one value in backquotes; the others are words ("the system zone", "none").
            guard let documented = rows[section.qualifiedName(key)]?.defaultValue, documented.hasPrefix("`"), documented.hasSuffix("`"),
                documented.dropFirst().dropLast().allSatisfy({ $0 != "`" })
            else { continue }
            compared += 1
            #expect("`\(key.show(DaemonConfig()) ?? "")`" == documented, "\(section.qualifiedName(key))")
        }
    }
    #expect(compared > 25)
}

@Test func theConfigurationManualDescribesExactlyTheKeysOfTheTable() throws {
    let described = try manualKeys()
    let table = try documentedKeys()
    #expect(described == table, "only in vigord.conf(5): \(described.subtracting(table).sorted()); only in the table: \(table.subtracting(described).sorted())")
}

@Test func theTemplateListsEveryKeyOfTheTableAndNoOther() throws {
    let listed = try templateKeys()
    let table = try documentedKeys()
    #expect(table.subtracting(listed).isEmpty, "config/config.toml lacks \(table.subtracting(listed).sorted())")
    let rules = Set(try ConfigKeys.engineRuleNames().map(\.name))
    #expect(listed.subtracting(table).subtracting(rules).isEmpty, "config/config.toml has keys vigord does not read: \(listed.subtracting(table).subtracting(rules).sorted())")
}
