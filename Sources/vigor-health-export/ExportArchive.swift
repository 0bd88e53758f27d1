import Foundation
import HealthExportGenerator
import ZIPFoundation

/// An export.zip laid out as the iPhone shares it: `apple_health_export/export_cda.xml`, a workout route,
/// then `apple_health_export/export.xml`, so an importer must find the right entry, not the first.
enum ExportArchive {
    private static let entries = [
        "apple_health_export/export_cda.xml",
        "apple_health_export/workout-routes/route_2024-01-01_6.00pm.gpx",
        "apple_health_export/export.xml",
    ]

    private static let clinicalDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3"><title>Health Data</title></ClinicalDocument>

        """

    private static let route = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export"><trk><trkseg><trkpt lon="13.4" lat="52.5"><ele>34.0</ele>\
        <time>2024-01-01T17:00:00Z</time></trkpt></trkseg></trk></gpx>

        """

    /// Generates export.xml of about `targetBytes` into a scratch folder beside `url`, then writes the
    /// archive to `url` (replacing it) and removes the folder.
    static func write(_ generator: HealthExportGenerator, targetBytes: Int64, days: Int?, to url: URL) throws -> GeneratedExportReport {
        let files = FileManager.default
        // Beside the output, not in /tmp: a large export may not fit a memory-backed /tmp.
        let scratch = url.deletingLastPathComponent().appendingPathComponent(".vigor-health-export-\(UUID().uuidString)")
        // Not creating missing parents: an output in a folder that does not exist is refused.
        try files.createDirectory(at: scratch, withIntermediateDirectories: false)
        defer { removeScratch(scratch) }
        try files.createDirectory(
            at: scratch.appendingPathComponent("apple_health_export/workout-routes"), withIntermediateDirectories: true)
        try Data(clinicalDocument.utf8).write(to: scratch.appendingPathComponent(entries[0]))
        try Data(route.utf8).write(to: scratch.appendingPathComponent(entries[1]))
        let report = try generator.write(to: scratch.appendingPathComponent(entries[2]), targetBytes: targetBytes, days: days)
        if files.fileExists(atPath: url.path) { try files.removeItem(at: url) }
        do {
            let archive = try Archive(url: url, accessMode: .create)
            for entry in entries {
                try archive.addEntry(with: entry, relativeTo: scratch, compressionMethod: .deflate, bufferSize: 1 << 20)
            }
        } catch {
            if files.fileExists(atPath: url.path) { try files.removeItem(at: url) }
            throw error
        }
        return report
    }

    /// Removes the scratch folder; a failure is said on stderr (the export itself was written).
    private static func removeScratch(_ scratch: URL) {
        do {
            try FileManager.default.removeItem(at: scratch)
        } catch {
            FileHandle.standardError.write(Data("warning: could not remove \(scratch.path): \(error)\n".utf8))
        }
    }
}
