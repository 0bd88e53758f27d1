/// The file formats the importer reads, detected by content (see `HealthImporter.detectFormat(of:)`).
public enum HealthFileFormat: String, Sendable, Codable, CaseIterable {
    case appleHealthZip, appleHealthXML, jsonLines, csv
}
