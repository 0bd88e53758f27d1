import ArgumentParser
import Foundation
import HealthExportGenerator

/// `--format gadgetbridge` and `--format fit`: a Gadgetbridge database, or a folder of FIT activity files.
struct LinuxExports {
    let seed: UInt64
    let days: Int
    let files: Int

    func write(_ format: VigorHealthExport.ExportFormat, to output: String) throws {
        let started = ContinuousClock.now
        let url = URL(fileURLWithPath: output)
        let summary: String
        do {
            summary = format == .fit ? try writeFIT(to: url) : try writeGadgetbridge(to: url)
        } catch {
            FileHandle.standardError.write(Data(
                "vigor-health-export: cannot write \(output): \(VigorHealthExport.reason(error, writing: url))\n".utf8))
            throw ExitCode.failure
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print("Wrote \(output): \(summary) in \(String(format: "%.1f", seconds)) s.")
        print("Try it: vigorctl import \(url.standardizedFileURL.path)\(format == .fit ? "/000001.fit" : "")")
    }

    private func writeGadgetbridge(to url: URL) throws -> String {
        let report = try GadgetbridgeDatabaseGenerator(seed: seed).write(to: url, days: days)
        let counts = report.expectedCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "a Gadgetbridge database of \(report.days) days, \(report.sampleRows) minute samples (\(counts))"
    }

    /// Files `000001.fit`, `000002.fit`, …; every tenth holds two sessions, every fifth has record messages,
    /// every seventh is written big-endian.
    private func writeFIT(to folder: URL) throws -> String {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) { try manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
        let workouts = FITWorkoutGenerator(seed: seed).workouts(count: files + files / 10)
        var next = 0
        var bytes = 0
        for index in 1...files {
            let count = index % 10 == 0 ? 2 : 1
            let writer = FITActivityWriter(
                manufacturer: [1, 32, 294][index % 3], bigEndian: index % 7 == 0, includeRecords: index % 5 == 0)
            let data = writer.file(Array(workouts[next..<next + count]))
            next += count
            bytes += data.count
            try data.write(to: folder.appendingPathComponent(String(format: "%06d.fit", index)))
        }
        return "\(files) FIT files, \(next) workouts, \(bytes) bytes"
    }
}
