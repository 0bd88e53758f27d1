import Foundation

/// The deviations Docs/calendars.md lists: the ids in the first column of its "Deliberate deviations" table.
enum DeviationTable {
    static func ids() throws -> [String] {
        let text = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("Docs/calendars.md"), encoding: .utf8)
        guard let heading = text.range(of: "### Deliberate deviations") else { return [] }
        var ids: [String] = []
        for line in text[heading.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `") else { continue }
            ids.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        return ids
    }
}
