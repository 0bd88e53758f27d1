import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// A configuration key is spelled once, in its entry of the key table (`Sources/VigorConfig/Keys/`); everything
/// else names it through the entry (`ConfigKeys.dropFolder.name`), so renaming a key or adding one is one edit.
///
/// How it scans: every `.swift` file under `Sources/` except the key table's folder, line by line, skipping `//`
/// comments; each string literal on a line (`"…"`, escapes kept, multi-line `"""` text not read). A literal spells a
/// key when it
/// - is the key's qualified name (`calendar.output.alarm_minutes`), anywhere;
/// - holds a key whose name has an underscore (`alarm_minutes`, `step_minutes` of `[engine]`) as a whole word,
///   anywhere: such a name means nothing else, so it is the key even inside a message;
/// - is exactly a one-word key (`path`, `morning`, `socket`), in `Sources/VigorConfig/` or `Sources/VigorDaemon/Config/`:
///   outside the folders that read and check the configuration those words are other things (RPC fields, timer names,
///   log labels).
/// Modules that do not link VigorConfig cannot use the table; the places they spell a key are listed in `outsideTheDaemon`,
/// key by key, so a new spelling there fails too.

/// Places that cannot use the table: `vigorctl setup` writes the file vigord reads (vigorctl links no VigorConfig),
/// `plan --sessions` and its method's description name the bound the user can raise, the hold rules and the notification orchestrator name a key in a message of their own module.
private let outsideTheDaemon: [String: Set<String>] = [
    "Sources/vigorctl/Setup/SetupAnswers.swift": ["sessions_per_week", "rest_days"],
    "Sources/vigorctl/PlanCommand.swift": ["sessions_per_week_max"],
    "Sources/VigorRPC/Methods/PlanSessionsMethod.swift": ["sessions_per_week", "sessions_per_week_max"],
    "Sources/GhostScheduling/Planning/Holds/HoldSettings.swift": ["defend_hours", "defend_when_free_below_minutes"],
    "Sources/GhostEngine/Notifications/NotificationOrchestrator.swift": ["daily_budget"],
]

/// Every spelling of a key outside the table in the `.swift` files under `folder`: `file:line: key in "literal"`.
func keySpellings(under folder: URL, root: URL) throws -> [String] {
    let plain = ConfigKeys.tables.flatMap { table in table.spelledNames.map { (name: $0, qualified: table.name + "." + $0) } }
        + ConfigKeys.calendarSource.spelledNames.map { (name: $0, qualified: ConfigKeys.calendarSource.name + "." + $0) }
    let rules = try ConfigKeys.engineRuleNames().map { (name: String($0.name.split(separator: ".").last ?? ""), qualified: $0.name) }
    let keys = plain + rules
    let byQualified = Dictionary(keys.map { ($0.qualified, $0) }, uniquingKeysWith: { first, _ in first })
    let byName = Dictionary(keys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
    let table = root.appendingPathComponent("Sources/VigorConfig/Keys/").path
    let configFolders = ["Sources/VigorConfig/", "Sources/VigorDaemon/Config/"].map { root.appendingPathComponent($0).path }
    var found: [String] = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
    for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "swift" && !file.path.hasPrefix(table) {
        let relative = String(file.path.dropFirst(root.path.count + 1))
        let allowed = outsideTheDaemon[relative] ?? []
        let inConfig = configFolders.contains { file.path.hasPrefix($0) }
        let text = try String(contentsOf: file, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && !line.contains("\"\"\"") {
            for match in line.matches(of: literal) {
                let content = String(match.output[1].substring ?? "")
                // Words as keys are written: letters, digits and underscores.
                let words = content.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
                var spelled = words.compactMap { byName[$0] }.filter { $0.name.contains("_") }
                if let key = byQualified[content] { spelled.append(key) }
                if inConfig, let key = byName[content] { spelled.append(key) }
                var named: Set<String> = []
                for key in spelled where !allowed.contains(key.name) && named.insert(key.qualified).inserted {
                    found.append("\(relative):\(number + 1): \(key.qualified) in \"\(content)\"")
                }
            }
        }
    }
    return found
}

@Test func aConfigurationKeyIsSpelledOnlyInTheKeyTable() throws {
    let spellings = try keySpellings(under: RepositoryFiles.root.appendingPathComponent("Sources"), root: RepositoryFiles.root)
    #expect(spellings.isEmpty, "spell these through their ConfigKeys entry:\n\(spellings.joined(separator: "\n"))")
}

@Test(.removesScratchFolders) func aKeySpelledOutsideTheTableIsFound() throws {
    let root = URL(fileURLWithPath: try ScratchFolder.make("key-spelling"))
    let folder = root.appendingPathComponent("Sources/VigorDaemon/Calendar")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "let minutes = members[\"alarm_minutes\"]\n// \"alarm_minutes\" in a comment is no spelling\n"
        .write(to: folder.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
    let spellings = try keySpellings(under: root.appendingPathComponent("Sources"), root: root)
    #expect(spellings == ["Sources/VigorDaemon/Calendar/Planted.swift:1: calendar.output.alarm_minutes in \"alarm_minutes\""])
}
