import CivilCalendar
import Foundation

/// Walks the parsed tree against the key tables (`ConfigKeys`), building a `DaemonConfig`: each table's names are
/// checked (an unknown one is an error with a suggestion), then each key the file gives is read by its entry.
public struct ConfigReader {
    let file: String
    public let locator: TOMLKeyLocator
    let baseDirectory: String

    public init(file: String, locator: TOMLKeyLocator, baseDirectory: String) {
        self.file = file
        self.locator = locator
        self.baseDirectory = baseDirectory
    }

    /// A position in the document, for messages.
    public struct Place {
        var table: [String]
        var arrayIndex: Int?

        public init(table: [String], arrayIndex: Int? = nil) {
            self.table = table
            self.arrayIndex = arrayIndex
        }

        func dotted(_ key: String?) -> String {
            var text = table.joined(separator: ".")
            if let arrayIndex { text += "[\(arrayIndex)]" }
            guard let key else { return text }
            return text.isEmpty ? key : text + "." + key
        }
    }

    public func error(_ place: Place, _ key: String?, _ message: String) -> ConfigError {
        let line = locator.line(table: place.table, arrayIndex: place.arrayIndex, key: key)
            ?? key.flatMap { locator.line(table: place.table + [$0], key: nil) }
            ?? locator.line(table: place.table, arrayIndex: place.arrayIndex, key: nil)
        return ConfigError(file: file, line: line, key: place.dotted(key), message: message)
    }

    func read(_ root: [String: ConfigTree]) throws(ConfigError) -> DaemonConfig {
        var config = DaemonConfig()
        try checkKeys(root, allowed: ConfigKeys.allowed(in: []), at: Place(table: []))
        // [engine] first: it gives the whole scheduling rules table, into which `[training] lunch_allowed` then goes.
        if let engine = try members(root, at: [ConfigKeys.engine]) {
            (config.engineRules, config.schedulingRules) = try EngineRulesReader(loader: self).read(engine)
        }
        var warnings: [String] = []
        for table in ConfigKeys.tables {
            guard let members = try members(root, at: table.path) else { continue }
            try read(members, of: table, at: Place(table: table.path), into: &config, warnings: &warnings)
        }
        let sources = ConfigKeys.calendarSource.path
        if let parent = try members(root, at: Array(sources.dropLast())), let last = sources.last, let entries = parent[last] {
            config.calendar.sources = try ConfigKeys.calendarSources(entries, reader: self)
        }
        let healthSources = ConfigKeys.healthSource.path
        if let parent = try members(root, at: Array(healthSources.dropLast())), let last = healthSources.last,
            let entries = parent[last] {
            config.health.sources = try ConfigKeys.healthSources(entries, reader: self)
        }
        config.deprecations += warnings
        return config
    }

    /// Reads one table's keys into `target`, then runs the table's checks. A key given under its old name is read
    /// with a warning; under both names it is an error.
    func read<Target>(
        _ members: [String: ConfigTree], of table: ConfigTable<Target>, at place: Place, into target: inout Target,
        warnings: inout [String]
    ) throws(ConfigError) {
        try checkKeys(members, allowed: ConfigKeys.allowed(in: table.path), at: place)
        for key in table.keys {
            var spelled = key.name
            if let old = key.oldName, members[old.name] != nil {
                if members[key.name] != nil { throw error(place, old.name, "is the old name of \(key.name); give only \(key.name)") }
                warnings.append(error(place, old.name, "is deprecated: the key is now \(key.name) (\(old.sameness)); rename it").description)
                spelled = old.name
            }
            guard let value = members[spelled] else { continue }
            try key.read(KeyInput(value: value, key: spelled, place: place, reader: self), &target)
        }
        try table.check?(TableInput(members: members, place: place, reader: self), &target)
    }

    private func checkKeys(_ members: [String: ConfigTree], allowed: Set<String>, at place: Place) throws(ConfigError) {
        for key in members.keys.sorted() where !allowed.contains(key) {
            let suggestion = KeySuggestion.closest(to: key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            throw error(place, key, "unknown key\(suggestion); known keys here: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// The table at `path` (`["calendar", "output"]`), nil when the file has none; a value that is not a table is an error.
    private func members(_ root: [String: ConfigTree], at path: [String]) throws(ConfigError) -> [String: ConfigTree]? {
        var level = root
        for (depth, name) in path.enumerated() {
            guard let value = level[name] else { return nil }
            guard case .table(let table) = value else {
                throw error(Place(table: Array(path.prefix(depth))), name, "must be a table, got \(value.typeName)")
            }
            level = table
        }
        return level
    }

    /// `~/x` is under the home folder; a relative path is relative to the config file's folder.
    func resolvePath(_ path: String) -> String {
        if path.hasPrefix("~/") {
            return NSHomeDirectory() + String(path.dropFirst())
        }
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        return (((baseDirectory.isEmpty ? "." : baseDirectory) as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }
}
