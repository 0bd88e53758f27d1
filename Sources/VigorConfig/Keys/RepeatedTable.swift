/// One entry of a repeatable table (`[[calendar.source]]`, `[[health.source]]`) as the file gives it: every entry has
/// a name, unique among the table's entries, and may have a path.
protocol RepeatedTableDraft: Sendable {
    init()
    var name: String? { get set }
    var path: String? { get set }
}

extension ConfigKey where Target: RepeatedTableDraft {
    /// `name = "…"`: how the entry is named in status and messages.
    static var entryName: ConfigKey {
        ConfigKey(
            "name", "string", read: { input, entry throws(ConfigError) in entry.name = try input.string() },
            show: { $0.name.map(TOMLText.quoted) })
    }

    /// `path = "…"`: a file or folder, resolved against the configuration's folder.
    static var entryPath: ConfigKey {
        ConfigKey(
            "path", "string", read: { input, entry throws(ConfigError) in entry.path = try input.path() },
            show: { $0.path.map(TOMLText.quoted) })
    }
}

extension ConfigReader {
    /// The entries of a repeatable table: each read into a draft of `table`, checked by the table, its name unique
    /// (`what` names an entry in the messages: "source", "health source"); `make` turns a checked draft into its value.
    func entries<Draft: RepeatedTableDraft, Entry>(
        _ value: ConfigTree, of table: ConfigTable<Draft>, what: String, make: (Draft, String) -> Entry?
    ) throws(ConfigError) -> [Entry] {
        let parent = ConfigReader.Place(table: Array(table.path.dropLast()))
        guard case .array(let items) = value else {
            throw error(parent, table.path.last, "must be an array of tables ([[\(table.name)]]), got \(value.typeName)")
        }
        var names: Set<String> = []
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let place = ConfigReader.Place(table: table.path, arrayIndex: index)
            guard case .table(let members) = item else { throw error(place, nil, "must be a table, got \(item.typeName)") }
            var draft = Draft()
            var warnings: [String] = []  // no key of a repeatable table has an old name
            try read(members, of: table, at: place, into: &draft, warnings: &warnings)
            guard let name = draft.name, let entry = make(draft, name) else { continue }
            guard names.insert(name).inserted else {
                throw error(place, "name", "the name '\(name)' is used by another \(what)")
            }
            entries.append(entry)
        }
        return entries
    }
}
