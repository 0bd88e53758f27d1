import Foundation

/// The repository this test bundle was built from: its scripts, units, man pages and docs.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func text(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }
}

/// The dotted keys (`schedule.morning`, `calendar.source.name`) of Docs/configuration.md's key tables: each
/// "### `[table]`" heading, then the rows whose first cell is a key in backquotes.
func documentedConfigurationKeys() throws -> Set<String> {
    var keys: Set<String> = []
    var table: String?
    for line in try Repository.text("Docs/configuration.md").split(separator: "\n") {
        if line.hasPrefix("### `[") {
            table = line.dropFirst("### `".count).prefix { $0 != "`" }.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        } else if let table, line.hasPrefix("| `") {
            keys.insert(table + "." + line.dropFirst(3).prefix { $0 != "`" })
        } else if line.hasPrefix("## ") {
            table = nil
        }
    }
    return keys
}
