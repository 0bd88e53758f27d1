import CivilCalendar

extension ConfigKeys {
    /// `[training]`: what to schedule, and when the user allows it. `lunch_allowed` is kept where sacred time reads it.
    public static let training = ConfigTable<DaemonConfig>(["training"], [
        sessionsPerWeek,
        sessionsPerWeekMax,
        .integer("duration_minutes", 10...240, "must be between 10 and 240", \.training.durationMinutes),
        ConfigKey(
            "preferred", "array of `\"HH:MM-HH:MM\"`",
            read: { input, config throws(ConfigError) in
                config.training.preferred = try input.list({ "must be an array of \"HH:MM-HH:MM\" strings, got \($0.typeName)" }) {
                    index, item throws(ConfigError) in
                    guard case .string(let text) = item, let window = TimeWindow(parsing: text) else {
                        throw input.error(
                            "item \(index) must be \"HH:MM-HH:MM\" with start before end, e.g. \"06:30-08:30\" or \"6:30-8:30\"; got \(KeyInput.describe(item))")
                    }
                    return window
                }
            },
            show: { TOMLText.list($0.training.preferred.map { TOMLText.quoted($0.description) }) }),
        ConfigKey(
            "intensity", "`\"heavy\"`, `\"moderate\"` or `\"light\"`",
            read: { input, config throws(ConfigError) in
                config.training.intensity = try input.word(of: ["heavy", "moderate", "light"]) {
                    "must be \"heavy\", \"moderate\" or \"light\"; got \"\($0)\""
                }
            },
            show: { TOMLText.quoted($0.training.intensity) }),
        .time("earliest", example: "06:30 or 6:30", \.training.earliest),
        .time("latest", example: "06:30 or 6:30", \.training.latest),
        ConfigKey(
            "rest_days", "array of weekday names",
            read: { input, config throws(ConfigError) in config.training.restDays = try restDays(input) },
            show: { TOMLText.list($0.training.restDays.map { TOMLText.quoted(WeekdayName.name(of: $0)) }) }),
        .integer("buffer_before_minutes", 0...240, "must be 0…240 minutes", \.training.bufferBeforeMinutes),
        .integer("buffer_after_minutes", 0...240, "must be 0…240 minutes", \.training.bufferAfterMinutes),
        .integer("min_hours_between_sessions", 0...72, "must be 0…72 hours", \.training.minHoursBetweenSessions),
        ConfigKey(
            "week_starts", "weekday name",
            read: { input, config throws(ConfigError) in
                let text = try input.string()
                let (day, suggestion) = KeyInput.weekday(text)
                guard let day else {
                    throw input.error("'\(text)' is not a weekday\(suggestion); use monday … sunday, e.g. week_starts = \"sunday\"")
                }
                config.training.weekStarts = day
            },
            show: { TOMLText.quoted(WeekdayName.name(of: $0.training.weekStarts)) }),
        lunchAllowed,
    ], check: trainingFits)

    /// How many sessions to plan a week, and the most the plan grows to when the user trains more.
    public static let sessionsPerWeek = ConfigKey<DaemonConfig>.integer("sessions_per_week", 0...14, "must be between 0 and 14", \.training.sessionsPerWeek)
    public static let sessionsPerWeekMax = ConfigKey<DaemonConfig>.integer(
        "sessions_per_week_max", 0...14, "must be between 0 and 14", \.training.sessionsPerWeekMax)

    /// The lunch opt-in: the user's preference, kept where sacred time reads it (`[engine.sacred]` does not offer it).
    static let lunchAllowed = ConfigKey<DaemonConfig>.flag("lunch_allowed", \.schedulingRules.sacred.lunchOptIn)

    /// `rest_days = ["saturday", "sun"]`: weekday names in English, full or from three letters, any case, each once.
    private static func restDays(_ input: KeyInput) throws(ConfigError) -> [Int] {
        guard case .array(let items) = input.value else {
            throw input.error("must be an array of weekday names, e.g. [\"saturday\", \"sunday\"], got \(input.value.typeName)")
        }
        var days: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw input.error("item \(index + 1) must be a weekday name such as \"monday\" or \"mon\"; got \(KeyInput.describe(item))")
            }
            let (day, suggestion) = KeyInput.weekday(text)
            guard let day else {
                throw input.error("item \(index + 1) '\(text)' is not a weekday\(suggestion); use monday … sunday, or at least their first three letters")
            }
            guard !days.contains(day) else { throw input.error("'\(text)' is listed twice") }
            days.append(day)
        }
        return days.sorted()
    }

    /// The checks between `[training]` keys: the day's range fits one session, a week keeps a day to train, and every
    /// preferred window lies inside the day's range.
    @Sendable private static func trainingFits(_ table: TableInput, _ config: inout DaemonConfig) throws(ConfigError) {
        let section = config.training
        let members = table.members
        let key = members["latest"] != nil ? "latest" : members["earliest"] != nil ? "earliest" : "duration_minutes"
        guard section.earliest.minuteOfDay + section.durationMinutes <= section.latest.minuteOfDay else {
            throw table.error(
                key, "earliest \(section.earliest) to latest \(section.latest) must fit one \(section.durationMinutes)-minute session")
        }
        if section.sessionsPerWeek > 0, Set(section.restDays).count == 7 {
            throw table.error("rest_days", "leaves no day to train; remove a day or set sessions_per_week = 0")
        }
        for window in section.preferred where members["preferred"] != nil
            && (window.to <= section.earliest || window.from >= section.latest)
        {
            throw table.error(
                "preferred", "the window \(window) lies outside earliest \(section.earliest) to latest \(section.latest), so no session could use it")
        }
    }
}
