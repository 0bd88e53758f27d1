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
}
