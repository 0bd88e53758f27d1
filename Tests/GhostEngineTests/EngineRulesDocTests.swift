import Foundation
import GhostEngine
import Testing

/// engine.md's "Rules and numbers" table names every key of `EngineRules`, group by group: a new rule is documented
/// with its reason, or fails here.
@Test func engineDocNamesEveryRuleOfEveryGroup() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("Docs/engine.md"), encoding: .utf8)
    let table = try #require(page.components(separatedBy: "## Rules and numbers").dropFirst().first?.components(separatedBy: "\n## ").first)
    let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(EngineRules.standard))
    let groups = try #require(encoded as? [String: Any])
    #expect(groups.count == 7)
    for (group, members) in groups {
        #expect(table.contains("(`\(group)`)"), "engine.md has no group \(group)")
        for key in (members as? [String: Any] ?? [:]).keys {
            #expect(table.contains("`\(key)`"), "engine.md does not name \(group).\(key)")
        }
    }
}
