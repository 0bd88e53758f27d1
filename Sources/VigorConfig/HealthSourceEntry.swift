import HealthImport

/// One `[[health.source]]`: a file or a folder a phone or a watch keeps up to date, read whenever it changes.
public struct HealthSourceEntry: Sendable, Equatable {
    /// The name status and `vigorctl sources` show.
    public var name: String
    /// A file (a Gadgetbridge export) or a folder (Health Auto Export files, a watch's `GARMIN/Activity`).
    public var path: String
    /// Only files of this format are read; nil: every file vigord can read.
    public var format: HealthFileFormat?

    public init(name: String, path: String, format: HealthFileFormat? = nil) {
        self.name = name
        self.path = path
        self.format = format
    }

    /// The formats a source may be limited to, by the name `format` gives them: those a phone or a watch writes on its own.
    static let formatNames: [String: HealthFileFormat] = [
        "gadgetbridge": .gadgetbridge, "health-auto-export": .healthAutoExport, "fit": .fit, "jsonl": .jsonLines, "csv": .csv,
    ]

    /// The name `format` gives `format`, if it has one.
    public static func formatName(_ format: HealthFileFormat) -> String? {
        formatNames.first { $0.value == format }?.key
    }
}
