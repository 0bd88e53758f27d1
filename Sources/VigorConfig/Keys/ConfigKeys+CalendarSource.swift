import CivilCalendar
import Foundation
import ICalendarKit

/// One `[[calendar.source]]` as the file gives it, before the checks between its keys.
public struct CalendarSourceDraft: RepeatedTableDraft {
    var name: String?
    var path: String?
    var url: URL?
    var allDay = CalendarSourceConfig.AllDayPolicy.free

    init() {}

    /// A source as the configuration keeps it, shown by `vigorctl config` like one the file gave.
    public init(_ entry: CalendarSourceEntry) {
        name = entry.name
        switch entry.location {
        case .path(let path): self.path = path
        case .url(let url): self.url = url
        }
        allDay = entry.allDay
    }
}

extension ConfigKeys {
    /// `[[calendar.source]]`, repeatable: each entry has a unique name and either a path or a URL.
    public static let calendarSource = ConfigTable<CalendarSourceDraft>(["calendar", "source"], [
        .entryName, .entryPath,
        ConfigKey(
            "url", "string",
            read: { input, source throws(ConfigError) in
                let url = try input.string()
                guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                    ["http", "https", "webcal", "webcals"].contains(scheme), parsed.host != nil
                else { throw input.error("must be an http(s) or webcal URL; got '\(url)'") }
                source.url = parsed
            },
            show: { $0.url.map { TOMLText.quoted($0.absoluteString) } }),
        ConfigKey(
            "all_day", "`\"free\"`, `\"busy\"`, `\"never-busy\"`",
            read: { input, source throws(ConfigError) in
                let text = try input.string()
                guard let policy = CalendarSourceConfig.AllDayPolicy(rawValue: text) else {
                    let names = CalendarSourceConfig.AllDayPolicy.allCases.map(\.rawValue)
                    let suggestion = KeySuggestion.closest(to: text, in: Set(names)).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw input.error("must be \(names.map { "\"\($0)\"" }.joined(separator: ", ")); got '\(text)'\(suggestion)")
                }
                source.allDay = policy
            },
            show: { TOMLText.quoted($0.allDay.rawValue) }),
    ], check: { table, source throws(ConfigError) in
        guard let name = source.name, !name.isEmpty else { throw table.error("name", "every source needs a non-empty name") }
        switch (source.path, source.url) {
        case (nil, nil): throw table.error(nil, "source '\(name)' needs either path or url")
        case (_?, _?): throw table.error("url", "source '\(name)' has both path and url; keep one")
        default: break
        }
    })

    /// The sources of `[calendar]`, each checked, with names unique among them.
    static func calendarSources(_ value: ConfigTree, reader: ConfigReader) throws(ConfigError) -> [CalendarSourceEntry] {
        try reader.entries(value, of: calendarSource, what: "source") { source, name in
            let location: CalendarSourceEntry.Location = if let url = source.url { .url(url) } else { .path(source.path ?? "") }
            return CalendarSourceEntry(name: name, location: location, allDay: source.allDay)
        }
    }
}
