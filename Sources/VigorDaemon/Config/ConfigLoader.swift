import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

/// Reads and validates `config.toml`. Unknown keys and wrong types are errors that name
/// file, line and key: a typo must never be silently ignored.
public enum ConfigLoader {
    /// Where the file came from: a real file, or defaults because no file exists.
    public enum Origin: String, Sendable {
        case file
        case defaults
    }

    /// A configuration as read: the values, where they came from, and the text they were read from (so the
    /// line of each key can be told later; empty for defaults).
    public struct Loaded: Sendable {
        /// The validated configuration.
        public var config: DaemonConfig
        /// A file, or defaults because there is none.
        public var origin: Origin
        /// The file's text; empty for defaults.
        public var text: String
    }

    /// Loads `path`. A missing file gives defaults only when `mayBeMissing` (the default path);
    /// a file named on the command line must exist.
    public static func load(path: String, mayBeMissing: Bool) throws(ConfigError) -> (DaemonConfig, Origin) {
        let loaded = try read(path: path, mayBeMissing: mayBeMissing)
        return (loaded.config, loaded.origin)
    }

    /// Loads `path` as `load` does and keeps its text.
    public static func read(path: String, mayBeMissing: Bool) throws(ConfigError) -> Loaded {
        guard FileManager.default.fileExists(atPath: path) else {
            if mayBeMissing { return Loaded(config: DaemonConfig(), origin: .defaults, text: "") }
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
        return Loaded(config: try parse(text, file: path, baseDirectory: base), origin: .file, text: text)
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
        try checkKeys(root, allowed: ["daemon", "schedule", "calendar", "training", "health", "notify", "profile", "engine"], at: top)
        if let daemon = try table(root, "daemon", at: top) {
            try readDaemon(daemon, into: &config.daemon)
        }
        if let schedule = try table(root, "schedule", at: top) {
            try readSchedule(schedule, into: &config.schedule)
        }
        if let calendar = try table(root, "calendar", at: top) {
            try readCalendar(calendar, into: &config.calendar)
        }
        var lunchAllowed: Bool?
        if let training = try table(root, "training", at: top) {
            lunchAllowed = try readTraining(training, into: &config.training)
        }
        if let engine = try table(root, "engine", at: top) {
            (config.engineRules, config.schedulingRules) = try EngineRulesReader(loader: self).read(engine)
        }
        // One place per setting: the lunch opt-in is the user's preference in [training], kept where sacred time reads it.
        if let lunchAllowed { config.schedulingRules.sacred.lunchOptIn = lunchAllowed }
        if let notify = try table(root, "notify", at: top) {
            try readNotify(notify, into: &config.notify)
        }
        if let profile = try table(root, "profile", at: top) {
            let place = Place(table: ["profile"])
            try checkKeys(profile, allowed: ["equipment", "injuries"], at: place)
            config.profile.equipment = try words(profile, "equipment", at: place)
            config.profile.injuries = try words(profile, "injuries", at: place)
        }
        if let health = try table(root, "health", at: top) {
            let place = Place(table: ["health"])
            try checkKeys(health, allowed: ["drop_folder", "inbox"], at: place)
            if health["drop_folder"] != nil, health["inbox"] != nil {
                throw error(place, "inbox", "is the old name of drop_folder; give only drop_folder")
            }
            if health["inbox"] != nil {
                let warning = error(place, "inbox", "is deprecated: the key is now drop_folder (the same folder); rename it")
                config.deprecations.append(warning.description)
            }
            let key = health["inbox"] != nil ? "inbox" : "drop_folder"
            config.health.dropFolderPath = try string(health, key, at: place).map(resolvePath)
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

    /// A `[profile]` list: at most 20 strings of 1–100 characters, one line each.
    private func words(_ members: [String: ConfigTree], _ key: String, at place: Place) throws(ConfigError) -> [String] {
        guard let value = members[key] else { return [] }
        guard case .array(let items) = value, items.count <= 20 else {
            throw error(place, key, "must be an array of at most 20 strings, e.g. [\"dumbbells\", \"bike\"]")
        }
        return try items.enumerated().map { index, item throws(ConfigError) in
            guard case .string(let text) = item, (1...100).contains(text.count), !text.contains("\n") else {
                throw error(place, key, "item \(index + 1) must be one line of 1-100 characters; got \(describe(item))")
            }
            return text
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
            guard parts.count == 2, let from = TimeOfDay(parsing: parts[0]), let until = TimeOfDay(parsing: parts[1]) else {
                throw error(place, "quiet_hours", "must be \"HH:MM-HH:MM\" (it may span midnight, e.g. \"21:30-07:00\"); got '\(quiet)'")
            }
            section.rules.quietFrom = from
            section.rules.quietUntil = until
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
                    throw error(place, "command", "item \(index + 1) must be a non-empty string; got \(describe(item))")
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
            guard let time = TimeOfDay(parsing: morning) else { throw error(place, "morning", "must be HH:MM (24-hour), e.g. 06:30 or 6:30; got '\(morning)'") }
            section.morning = time
        }
        if let evening = try string(members, "evening", at: place) {
            guard let time = TimeOfDay(parsing: evening) else { throw error(place, "evening", "must be HH:MM (24-hour), e.g. 21:00; got '\(evening)'") }
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
        try checkKeys(members, allowed: ["source", "output", "shadow", "hold", "addresses"], at: place)
        if let addresses = members["addresses"] {
            guard case .array(let items) = addresses else {
                throw error(place, "addresses", "must be an array of e-mail addresses, got \(addresses.typeName)")
            }
            section.addresses = try items.enumerated().map { (index, item) throws(ConfigError) -> String in
                guard case .string(let address) = item, address.contains("@") else {
                    throw error(place, "addresses", "item \(index + 1) must be an e-mail address; got \(describe(item))")
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
        if let hold = try table(members, "hold", at: place) {
            section.hold = try readHold(hold)
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

    /// `[calendar.hold]`: hours before its start a hold turns busy to others, and the free minutes of its day below
    /// which it does at once.
    private func readHold(_ members: [String: ConfigTree]) throws(ConfigError) -> HoldSettings {
        let place = Place(table: ["calendar", "hold"])
        try checkKeys(members, allowed: ["defend_hours", "defend_when_free_below_minutes"], at: place)
        var hold = HoldSettings()
        if let hours = try integer(members, "defend_hours", at: place) {
            guard (0...168).contains(hours) else {
                throw error(place, "defend_hours", "must be hours before a hold's start (0…168); got \(hours)")
            }
            hold.defendHours = hours
        }
        if let minutes = try integer(members, "defend_when_free_below_minutes", at: place) {
            guard (0...1440).contains(minutes) else {
                throw error(place, "defend_when_free_below_minutes", "must be free minutes of the day (0…1440); got \(minutes)")
            }
            hold.defendWhenFreeBelowMinutes = minutes
        }
        return hold
    }

    /// Reads `[training]` into `section`; returns `lunch_allowed` when the file sets it (it lives in the sacred rules).
    private func readTraining(
        _ members: [String: ConfigTree], into section: inout DaemonConfig.TrainingSection
    ) throws(ConfigError) -> Bool? {
        let place = Place(table: ["training"])
        try checkKeys(members, allowed: [
            "sessions_per_week", "duration_minutes", "preferred", "intensity", "earliest", "latest", "rest_days",
            "buffer_before_minutes", "buffer_after_minutes", "min_hours_between_sessions", "lunch_allowed", "week_starts",
        ], at: place)
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
                    throw error(place, "preferred", "item \(index + 1) must be \"HH:MM-HH:MM\" with start before end, e.g. \"06:30-08:30\" or \"6:30-8:30\"; got \(describe(item))")
                }
                windows.append(window)
            }
            section.preferred = windows
        }
        for key in ["earliest", "latest"] {
            guard let text = try string(members, key, at: place) else { continue }
            guard let time = TimeOfDay(parsing: text) else { throw error(place, key, "must be HH:MM (24-hour), e.g. 06:30 or 6:30; got '\(text)'") }
            if key == "earliest" { section.earliest = time } else { section.latest = time }
        }
        if let restDays = members["rest_days"] {
            section.restDays = try readRestDays(restDays, at: place)
        }
        if let minutes = try integer(members, "buffer_before_minutes", at: place) {
            guard (0...240).contains(minutes) else { throw error(place, "buffer_before_minutes", "must be 0…240 minutes; got \(minutes)") }
            section.bufferBeforeMinutes = minutes
        }
        if let minutes = try integer(members, "buffer_after_minutes", at: place) {
            guard (0...240).contains(minutes) else { throw error(place, "buffer_after_minutes", "must be 0…240 minutes; got \(minutes)") }
            section.bufferAfterMinutes = minutes
        }
        if let hours = try integer(members, "min_hours_between_sessions", at: place) {
            guard (0...72).contains(hours) else { throw error(place, "min_hours_between_sessions", "must be 0…72 hours; got \(hours)") }
            section.minHoursBetweenSessions = hours
        }
        if let text = try string(members, "week_starts", at: place) {
            guard let day = WeekdayName.number(of: text) else {
                let suggestion = KeySuggestion.closest(to: text.lowercased(), in: Set(WeekdayName.full)).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw error(place, "week_starts", "'\(text)' is not a weekday\(suggestion); use monday … sunday, e.g. week_starts = \"sunday\"")
            }
            section.weekStarts = day
        }
        try crossCheck(section, members: members, at: place)
        guard let value = members["lunch_allowed"] else { return nil }
        guard case .bool(let allowed) = value else { throw error(place, "lunch_allowed", "must be true or false, got \(value.typeName)") }
        return allowed
    }

    /// The checks between `[training]` keys: the day's range fits one session, and a week keeps a day to train.
    private func crossCheck(_ section: DaemonConfig.TrainingSection, members: [String: ConfigTree], at place: Place) throws(ConfigError) {
        let key = members["latest"] != nil ? "latest" : members["earliest"] != nil ? "earliest" : "duration_minutes"
        guard section.earliest.minuteOfDay + section.durationMinutes <= section.latest.minuteOfDay else {
            throw error(
                place, key,
                "earliest \(section.earliest) to latest \(section.latest) must fit one \(section.durationMinutes)-minute session")
        }
        if section.sessionsPerWeek > 0, Set(section.restDays).count == 7 {
            throw error(place, "rest_days", "leaves no day to train; remove a day or set sessions_per_week = 0")
        }
        for window in section.preferred where members["preferred"] != nil
            && (window.to <= section.earliest || window.from >= section.latest)
        {
            throw error(
                place, "preferred",
                "the window \(window) lies outside earliest \(section.earliest) to latest \(section.latest), so no session could use it")
        }
    }

    /// `rest_days = ["saturday", "sun"]`: weekday names in English, full or from three letters, any case; 1 = Sunday … 7 = Saturday.
    private func readRestDays(_ value: ConfigTree, at place: Place) throws(ConfigError) -> [Int] {
        guard case .array(let items) = value else {
            throw error(place, "rest_days", "must be an array of weekday names, e.g. [\"saturday\", \"sunday\"], got \(value.typeName)")
        }
        var days: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw error(place, "rest_days", "item \(index + 1) must be a weekday name such as \"monday\" or \"mon\"; got \(describe(item))")
            }
            guard let day = WeekdayName.number(of: text) else {
                let suggestion = KeySuggestion.closest(to: text.lowercased(), in: Set(WeekdayName.full)).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw error(place, "rest_days", "item \(index + 1) '\(text)' is not a weekday\(suggestion); use monday … sunday, or at least their first three letters")
            }
            guard !days.contains(day) else { throw error(place, "rest_days", "'\(text)' is listed twice") }
            days.append(day)
        }
        return days.sorted()
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
