import CivilCalendar
import Foundation
import HealthImport

/// One `[[health.source]]` as the file gives it, before the checks between its keys.
public struct HealthSourceDraft: RepeatedTableDraft {
    var name: String?
    var path: String?
    var format: HealthFileFormat?

    init() {}

    /// A source as the configuration keeps it, shown by `vigorctl config` like one the file gave.
    public init(_ entry: HealthSourceEntry) {
        name = entry.name
        path = entry.path
        format = entry.format
    }
}

extension ConfigKeys {
    /// `[[health.source]]`, repeatable: a file or a folder a phone or a watch keeps up to date, each with a unique name.
    public static let healthSource = ConfigTable<HealthSourceDraft>(["health", "source"], [
        .entryName, .entryPath,
        ConfigKey(
            "format", HealthSourceEntry.formatNames.keys.sorted().map { "`\"\($0)\"`" }.joined(separator: ", "),
            read: { input, source throws(ConfigError) in
                let text = try input.string()
                guard let format = HealthSourceEntry.formatNames[text] else {
                    let names = HealthSourceEntry.formatNames.keys.sorted()
                    let suggestion = KeySuggestion.closest(to: text, in: Set(names)).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw input.error("must be \(names.map { "\"\($0)\"" }.joined(separator: ", ")); got '\(text)'\(suggestion)")
                }
                source.format = format
            },
            show: { $0.format.flatMap(HealthSourceEntry.formatName).map(TOMLText.quoted) }),
    ], check: { table, source throws(ConfigError) in
        guard let name = source.name, !name.isEmpty else { throw table.error("name", "every health source needs a non-empty name") }
        guard source.path != nil else { throw table.error(nil, "health source '\(name)' needs a path (a file or a folder)") }
    })

    /// The sources of `[health]`, each checked, with names unique among them.
    static func healthSources(_ value: ConfigTree, reader: ConfigReader) throws(ConfigError) -> [HealthSourceEntry] {
        try reader.entries(value, of: healthSource, what: "health source") { source, name in
            source.path.map { HealthSourceEntry(name: name, path: $0, format: source.format) }
        }
    }
}
