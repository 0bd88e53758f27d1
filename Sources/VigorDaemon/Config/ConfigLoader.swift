import Calendar
import Foundation
import GhostEngine

/// Reads and validates `config.toml`. Unknown keys and wrong types are errors that name
/// file, line and key: a typo must never be silently ignored.
public enum ConfigLoader {
    /// Where the file came from: a real file, or defaults because no file exists.
    public enum Origin: String, Sendable {
        case file
        case defaults
    }

    /// Loads `path`. A missing file gives defaults only when `mayBeMissing` (the default path);
    /// a file named on the command line must exist.
    public static func load(path: String, mayBeMissing: Bool) throws(ConfigError) -> (DaemonConfig, Origin) {
        guard FileManager.default.fileExists(atPath: path) else {
            if mayBeMissing { return (DaemonConfig(), .defaults) }
            throw ConfigError(file: path, message: "no such file")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw ConfigError(file: path, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, message: "the file is not UTF-8 text")
        }
        let base = (path as NSString).deletingLastPathComponent
        return (try parse(text, file: path, baseDirectory: base), .file)
    }

    /// Validates TOML text; relative paths in it resolve against `baseDirectory`.
    public static func parse(_ text: String, file: String, baseDirectory: String) throws(ConfigError) -> DaemonConfig {
        let root = try ConfigTree.parse(text, file: file)
        let reader = ConfigReader(file: file, locator: TOMLKeyLocator(text: text), baseDirectory: baseDirectory)
        return try reader.read(root)
    }
}

/// Walks the parsed tree against the known keys, building a `DaemonConfig`.
struct ConfigReader {
    let file: String
    let locator: TOMLKeyLocator
    let baseDirectory: String

    /// A position in the document, for messages.
    struct Place {
        var table: [String]
        var arrayIndex: Int?

        func dotted(_ key: String?) -> String {
            var text = table.joined(separator: ".")
            if let arrayIndex { text += "[\(arrayIndex)]" }
            guard let key else { return text }
            return text.isEmpty ? key : text + "." + key
        }
    }

    func error(_ place: Place, _ key: String?, _ message: String) -> ConfigError {
        let line = locator.line(table: place.table, arrayIndex: place.arrayIndex, key: key)
            ?? key.flatMap { locator.line(table: place.table + [$0], key: nil) }
            ?? locator.line(table: place.table, arrayIndex: place.arrayIndex, key: nil)
        return ConfigError(file: file, line: line, key: place.dotted(key), message: message)
    }

    func read(_ root: [String: ConfigTree]) throws(ConfigError) -> DaemonConfig {
        var config = DaemonConfig()
        let top = Place(table: [], arrayIndex: nil)
        try checkKeys(root, allowed: ["daemon", "schedule", "calendar", "training", "health", "notify", "engine"], at: top)
        if let daemon = try table(root, "daemon", at: top) {
            try readDaemon(daemon, into: &config.daemon)
        }
        if let schedule = try table(root, "schedule", at: top) {
            try readSchedule(schedule, into: &config.schedule)
        }
        if let calendar = try table(root, "calendar", at: top) {
            try readCalendar(calendar, into: &config.calendar)
        }
        if let training = try table(root, "training", at: top) {
            try readTraining(training, into: &config.training)
        }
        if let engine = try table(root, "engine", at: top) {
            config.engineRules = try EngineRulesReader(loader: self).read(engine)
        }
        if let notify = try table(root, "notify", at: top) {
            try readNotify(notify, into: &config.notify)
        }
        if let health = try table(root, "health", at: top) {
            let place = Place(table: ["health"])
            try checkKeys(health, allowed: ["inbox"], at: place)
            config.health.inboxPath = try string(health, "inbox", at: place).map(resolvePath)
        }
        return config
    }

    private func readDaemon(_ members: [String: ConfigTree], into section: inout DaemonConfig.DaemonSection) throws(ConfigError) {
        let place = Place(table: ["daemon"])
        try checkKeys(members, allowed: ["socket", "state_dir", "log", "log_level"], at: place)
        section.socket = try string(members, "socket", at: place).map(resolvePath)
        section.stateDir = try string(members, "state_dir", at: place).map(resolvePath)
        if let log = try string(members, "log", at: place) {
            guard let choice = LogDestinationChoice(rawValue: log) else {
                throw error(place, "log", "must be one of auto, journal, stderr; got '\(log)'")
            }
            section.log = choice
        }
        if let level = try string(members, "log_level", at: place) {
            let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
            guard levels.contains(level) else {
                throw error(place, "log_level", "must be one of \(levels.joined(separator: ", ")); got '\(level)'")
            }
            section.logLevel = level
        }
    }

    private func readNotify(_ members: [String: ConfigTree], into section: inout DaemonConfig.NotifySection) throws(ConfigError) {
        let place = Place(table: ["notify"])
        try checkKeys(members, allowed: ["daily_budget", "quiet_hours", "desktop", "command", "command_timeout_seconds"], at: place)
        if let budget = try integer(members, "daily_budget", at: place) {
            guard (0...24).contains(budget) else { throw error(place, "daily_budget", "must be 0…24; got \(budget)") }
            section.rules.dailyBudget = budget
        }
        if let quiet = try string(members, "quiet_hours", at: place) {
            let parts = quiet.split(separator: "-").map(String.init)
            guard parts.count == 2, let from = LocalTime(parsing: parts[0]), let until = LocalTime(parsing: parts[1]) else {
                throw error(place, "quiet_hours", "must be \"HH:MM-HH:MM\" (it may span midnight, e.g. \"21:30-07:00\"); got '\(quiet)'")
            }
            section.rules.quietFrom = WallClockTime(hour: from.hour, minute: from.minute)
            section.rules.quietUntil = WallClockTime(hour: until.hour, minute: until.minute)
        }
        if let value = members["desktop"] {
            guard case .bool(let desktop) = value else { throw error(place, "desktop", "must be true or false, got \(value.typeName)") }
            section.desktop = desktop
        }
        if let value = members["command"] {
            guard case .array(let items) = value, !items.isEmpty else {
                throw error(place, "command", "must be a non-empty array of strings, e.g. [\"ntfy\", \"publish\", \"mytopic\"]")
            }
            section.command = try items.enumerated().map { index, item throws(ConfigError) in
                guard case .string(let text) = item, !text.isEmpty else {
                    throw error(place, "command", "item \(index) must be a non-empty string; got \(describe(item))")
                }
                return text
            }
        }
        if let timeout = try integer(members, "command_timeout_seconds", at: place) {
            guard (1...300).contains(timeout) else { throw error(place, "command_timeout_seconds", "must be 1…300; got \(timeout)") }
            section.commandTimeoutSeconds = timeout
        }
    }

    private func readSchedule(_ members: [String: ConfigTree], into section: inout DaemonConfig.ScheduleSection) throws(ConfigError) {
        let place = Place(table: ["schedule"])
        try checkKeys(members, allowed: ["morning", "evening", "timezone", "home"], at: place)
        if let morning = try string(members, "morning", at: place) {
            guard let time = LocalTime(parsing: morning) else { throw error(place, "morning", "must be HH:MM (24-hour); got '\(morning)'") }
            section.morning = time
        }
        if let evening = try string(members, "evening", at: place) {
            guard let time = LocalTime(parsing: evening) else { throw error(place, "evening", "must be HH:MM (24-hour); got '\(evening)'") }
            section.evening = time
        }
        if let zone = try string(members, "timezone", at: place) {
            guard TimeZone(identifier: zone) != nil else {
                throw error(place, "timezone", "'\(zone)' is not a known IANA time zone (e.g. Europe/Berlin); is tzdata installed?")
            }
            section.timezone = zone
        }
        if let home = try string(members, "home", at: place) {
            guard let position = GeoPosition(text: home) else {
                throw error(place, "home", "must be \"latitude, longitude\" in decimal degrees (e.g. \"52.52, 13.405\"); got '\(home)'")
            }
            section.home = position
        }
    }

    private func readCalendar(_ members: [String: ConfigTree], into section: inout DaemonConfig.CalendarSection) throws(ConfigError) {
        let place = Place(table: ["calendar"])
        try checkKeys(members, allowed: ["source", "output", "shadow", "addresses"], at: place)
        if let addresses = members["addresses"] {
            guard case .array(let items) = addresses else {
                throw error(place, "addresses", "must be an array of e-mail addresses, got \(addresses.typeName)")
            }
            section.addresses = try items.enumerated().map { (index, item) throws(ConfigError) -> String in
                guard case .string(let address) = item, address.contains("@") else {
                    throw error(place, "addresses", "item \(index) must be an e-mail address; got \(describe(item))")
                }
                return address
            }
        }
        if let output = try table(members, "output", at: place) {
            let outputPlace = Place(table: ["calendar", "output"])
            try checkKeys(output, allowed: ["path", "alarm_minutes"], at: outputPlace)
            section.outputPath = try string(output, "path", at: outputPlace).map(resolvePath)
            if let alarm = output["alarm_minutes"] {
                switch alarm {
                case .bool(false): section.alarmMinutes = nil
                case .integer(let minutes) where (0...1440).contains(minutes): section.alarmMinutes = minutes
                case .integer(let minutes):
                    throw error(outputPlace, "alarm_minutes", "must be minutes before the start (0…1440) or false for no reminder; got \(minutes)")
                case .bool(true):
                    throw error(outputPlace, "alarm_minutes", "must be minutes before the start (0…1440) or false for no reminder; got true")
                default:
                    throw error(outputPlace, "alarm_minutes", "must be minutes before the start (0…1440) or false for no reminder; got \(describe(alarm))")
                }
            }
        }
        if let shadow = try table(members, "shadow", at: place) {
            section.shadow = try readShadow(shadow)
        }
        guard let sources = members["source"] else { return }
        guard case .array(let entries) = sources else {
            throw error(place, "source", "must be an array of tables ([[calendar.source]]), got \(sources.typeName)")
        }
        var names: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let sourcePlace = Place(table: ["calendar", "source"], arrayIndex: index)
            guard case .table(let source) = entry else {
                throw error(sourcePlace, nil, "must be a table, got \(entry.typeName)")
            }
            try checkKeys(source, allowed: ["name", "path", "url", "all_day"], at: sourcePlace)
            guard let name = try string(source, "name", at: sourcePlace), !name.isEmpty else {
                throw error(sourcePlace, "name", "every source needs a non-empty name")
            }
            guard names.insert(name).inserted else {
                throw error(sourcePlace, "name", "the name '\(name)' is used by another source")
            }
            let location: CalendarSourceEntry.Location
            switch (try string(source, "path", at: sourcePlace), try string(source, "url", at: sourcePlace)) {
            case (let path?, nil):
                location = .path(resolvePath(path))
            case (nil, let url?):
                guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                    ["http", "https", "webcal", "webcals"].contains(scheme), parsed.host != nil
                else { throw error(sourcePlace, "url", "must be an http(s) or webcal URL; got '\(url)'") }
                location = .url(parsed)
            case (nil, nil):
                throw error(sourcePlace, nil, "source '\(name)' needs either path or url")
            case (_?, _?):
                throw error(sourcePlace, "url", "source '\(name)' has both path and url; keep one")
            }
            var allDay = CalendarSourceConfig.AllDayPolicy.free
            if let text = try string(source, "all_day", at: sourcePlace) {
                guard let policy = CalendarSourceConfig.AllDayPolicy(rawValue: text) else {
                    let names = CalendarSourceConfig.AllDayPolicy.allCases.map(\.rawValue)
                    let suggestion = KeySuggestion.closest(to: text, in: Set(names)).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw error(sourcePlace, "all_day", "must be \(names.map { "\"\($0)\"" }.joined(separator: ", ")); "
                        + "got '\(text)'\(suggestion)")
                }
                allDay = policy
            }
            section.sources.append(CalendarSourceEntry(name: name, location: location, allDay: allDay))
        }
    }

    private func readShadow(_ members: [String: ConfigTree]) throws(ConfigError) -> ShadowCalendar {
        let place = Place(table: ["calendar", "shadow"])
        try checkKeys(members, allowed: ["path", "summary"], at: place)
        guard let path = try string(members, "path", at: place), !path.isEmpty else {
            throw error(place, "path", "the shadow calendar needs the folder of its collection, e.g. \"~/.local/share/vigor/busy\"")
        }
        var shadow = ShadowCalendar(path: resolvePath(path))
        if let summary = try string(members, "summary", at: place) {
            let trimmed = summary.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 100, !summary.contains(where: \.isNewline) else {
                throw error(place, "summary", "must be one line of 1…100 characters, e.g. \"Busy\"; got '\(summary)'")
            }
            shadow.summary = trimmed
        }
        return shadow
    }

    private func readTraining(_ members: [String: ConfigTree], into section: inout DaemonConfig.TrainingSection) throws(ConfigError) {
        let place = Place(table: ["training"])
        try checkKeys(members, allowed: ["sessions_per_week", "duration_minutes", "preferred", "intensity"], at: place)
        if let intensity = try string(members, "intensity", at: place) {
            guard ["heavy", "moderate", "light"].contains(intensity) else {
                throw error(place, "intensity", "must be \"heavy\", \"moderate\" or \"light\"; got \"\(intensity)\"")
            }
            section.intensity = intensity
        }
        if let sessions = try integer(members, "sessions_per_week", at: place) {
            guard (0...14).contains(sessions) else { throw error(place, "sessions_per_week", "must be between 0 and 14; got \(sessions)") }
            section.sessionsPerWeek = sessions
        }
        if let duration = try integer(members, "duration_minutes", at: place) {
            guard (10...240).contains(duration) else { throw error(place, "duration_minutes", "must be between 10 and 240; got \(duration)") }
            section.durationMinutes = duration
        }
        if let preferred = members["preferred"] {
            guard case .array(let items) = preferred else {
                throw error(place, "preferred", "must be an array of \"HH:MM-HH:MM\" strings, got \(preferred.typeName)")
            }
            var windows: [TimeWindow] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item, let window = TimeWindow(parsing: text) else {
                    throw error(place, "preferred", "item \(index) must be \"HH:MM-HH:MM\" with start before end; got \(describe(item))")
                }
                windows.append(window)
            }
            section.preferred = windows
        }
    }

    private func checkKeys(_ members: [String: ConfigTree], allowed: Set<String>, at place: Place) throws(ConfigError) {
        for key in members.keys.sorted() where !allowed.contains(key) {
            let suggestion = KeySuggestion.closest(to: key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            throw error(place, key, "unknown key\(suggestion); known keys here: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    private func table(_ members: [String: ConfigTree], _ key: String, at place: Place) throws(ConfigError) -> [String: ConfigTree]? {
        guard let value = members[key] else { return nil }
        guard case .table(let table) = value else { throw error(place, key, "must be a table, got \(value.typeName)") }
        return table
    }

    private func string(_ members: [String: ConfigTree], _ key: String, at place: Place) throws(ConfigError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else { throw error(place, key, "must be a string, got \(value.typeName)") }
        return text
    }

    private func integer(_ members: [String: ConfigTree], _ key: String, at place: Place) throws(ConfigError) -> Int? {
        guard let value = members[key] else { return nil }
        guard case .integer(let number) = value else { throw error(place, key, "must be an integer, got \(value.typeName)") }
        return number
    }

    private func describe(_ value: ConfigTree) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return value.typeName
    }

    /// `~/x` is under the home folder; a relative path is relative to the config file's folder.
    private func resolvePath(_ path: String) -> String {
        if path.hasPrefix("~/") {
            return NSHomeDirectory() + String(path.dropFirst())
        }
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        return (((baseDirectory.isEmpty ? "." : baseDirectory) as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }
}

/// Suggests the known key a typo was probably meant to be.
enum KeySuggestion {
    static func closest(to key: String, in candidates: Set<String>) -> String? {
        let scored = candidates.map { ($0, distance(Array(key), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 == $1.1 ? $0.0 < $1.0 : $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
