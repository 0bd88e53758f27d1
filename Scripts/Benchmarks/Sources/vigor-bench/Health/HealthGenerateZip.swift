import ArgumentParser
import Foundation
import HealthExportGenerator
import ZIPFoundation

/// `vigor-bench health generate-zip --megabytes N OUT.zip [--seed S]`: Apple's layout, export_cda.xml first.
struct HealthGenerateZip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-zip",
        abstract: "Write export.zip with apple_health_export/export.xml (after export_cda.xml) and a workout route.")

    @Option(help: "Approximate size of export.xml in MB (10^6 bytes).")
    var megabytes: Double

    @Option(help: "Seed; the same seed and size give identical export.xml bytes.")
    var seed: UInt64 = 1

    @Argument(help: "Output export.zip path (replaced).")
    var output: String

    func run() throws {
        let started = Date()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("health-bench-\(UUID().uuidString)")
        let report: GeneratedExportReport
        do {
            report = try build(in: folder)
        } catch {
            removeQuietly(folder)
            throw error
        }
        try FileManager.default.removeItem(at: folder)
        print(GenerateReportText.describe(report, path: output, seconds: Date().timeIntervalSince(started)))
    }

    private func removeQuietly(_ folder: URL) {
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            print("warning: could not remove \(folder.path): \(error)")
        }
    }

    private func build(in folder: URL) throws -> GeneratedExportReport {
        let exportFolder = folder.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: exportFolder.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
        let report = try HealthExportGenerator(seed: seed).write(
            to: exportFolder.appendingPathComponent("export.xml"), targetBytes: Int64(megabytes * 1_000_000))
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>Health Data</title></ClinicalDocument>\n".utf8)
            .write(to: exportFolder.appendingPathComponent("export_cda.xml"))
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health Export\"><trk><trkseg><trkpt lon=\"13.4\" lat=\"52.5\"><ele>34.0</ele><time>2024-01-01T17:00:00Z</time></trkpt></trkseg></trk></gpx>\n".utf8)
            .write(to: exportFolder.appendingPathComponent("workout-routes/route_2024-01-01_6.00pm.gpx"))
        let zipURL = URL(fileURLWithPath: output)
        if FileManager.default.fileExists(atPath: zipURL.path) {
            try FileManager.default.removeItem(at: zipURL)
        }
        let archive = try Archive(url: zipURL, accessMode: .create)
        for path in ["apple_health_export/export_cda.xml", "apple_health_export/workout-routes/route_2024-01-01_6.00pm.gpx",
                     "apple_health_export/export.xml"] {
            try archive.addEntry(with: path, relativeTo: folder, compressionMethod: .deflate, bufferSize: 1 << 20)
        }
        return report
    }
}
