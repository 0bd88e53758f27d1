/// The file formats the importer reads, detected by content (see `HealthImporter.detectFormat(of:)`).
public enum HealthFileFormat: String, Sendable, Codable, CaseIterable {
    case appleHealthZip, appleHealthXML, jsonLines, csv
    /// Gadgetbridge's "Export database" (an SQLite file).
    case gadgetbridge
    /// A FIT activity file (Garmin, Wahoo, Coros, bike computers).
    case fit
    /// A Health Auto Export (iOS) JSON file: `{"data": {"metrics": […], "workouts": […]}}`.
    case healthAutoExport
}
