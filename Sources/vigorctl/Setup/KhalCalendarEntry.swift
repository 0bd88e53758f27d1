/// vigord's calendar added to khal's configuration, so `khal list` shows the blocks: a `[[vigor]]` calendar inside
/// khal's `[calendars]` section (configobj: a subsection belongs to the section above it, so it goes before the next
/// `[section]`, not at the end of the file).
enum KhalCalendarEntry {
    /// khal's configuration with vigord's calendar at `path` added; nil when a calendar there is already configured.
    static func adding(path: String, home: String, to config: String) -> String? {
        let ini = INIText(config)
        let wanted = SetupPaths.canonical(path)
        let configured = ini.sections.filter { $0.depth == 2 && $0.parent == "calendars" }
        if configured.contains(where: { $0.values["path"].map { SetupPaths.canonical(SetupPaths.expand($0, home: home)) } == wanted }) {
            return nil
        }
        var name = "vigor"
        var suffix = 2
        while configured.contains(where: { $0.name == name }) {
            name = "vigor-\(suffix)"
            suffix += 1
        }
        let entry = ["[[\(name)]]", "path = \(SetupPaths.tilde(path, home: home))", "type = calendar", "readonly = False"]
        var lines = config.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.firstIndex(where: { Self.topSection($0) == "calendars" }) else {
            return (lines + ["", "[calendars]"] + entry).joined(separator: "\n") + "\n"
        }
        var end = lines[(header + 1)...].firstIndex { Self.topSection($0) != nil } ?? lines.endIndex
        while end > header + 1, lines[end - 1].trimmingSpaces.isEmpty { end -= 1 }
        lines.insert(contentsOf: entry, at: end)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The name of a `[section]` header line (depth 1); nil for anything else.
    private static func topSection(_ line: String) -> String? {
        let text = line.trimmingSpaces
        guard text.hasPrefix("["), !text.hasPrefix("[["), text.hasSuffix("]") else { return nil }
        return String(text.dropFirst().dropLast()).trimmingSpaces
    }
}
