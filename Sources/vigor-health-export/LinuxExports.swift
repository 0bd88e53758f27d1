import ArgumentParser
import Foundation
import HealthExportGenerator

/// `--format gadgetbridge` and `--format fit`: a Gadgetbridge database, or a folder of FIT activity files.
struct LinuxExports {
    let seed: UInt64
    let days: Int
    let files: Int
    let placing: VigorHealthExport.Placement

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
        let first = switch placing {
        case .from(let day): day
        case .until(let day): day - days + 1
        }
        let report = try GadgetbridgeDatabaseGenerator(seed: seed, firstDay: first).write(to: url, days: days)
        let counts = report.expectedCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "a Gadgetbridge database of \(report.days) days, \(ExportDays.text(first)) to \(ExportDays.text(first + days - 1)), "
            + "\(report.sampleRows) minute samples (\(counts))"
    }

    /// The day number of a workout's start (UTC).
    private static func day(of workout: FITWorkout?) -> Int {
        Int((workout?.start.timeIntervalSince1970 ?? 0).rounded(.down)) / 86_400
    }

    /// Files `000001.fit`, `000002.fit`, …; every tenth holds two sessions, every fifth has record messages,
    /// every seventh is written big-endian.
    private func writeFIT(to folder: URL) throws -> String {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) { try manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
        let count = files + files / 10
        // The generator starts a day or two after its first day; ending on a day shifts the same workouts there.
        let workouts = switch placing {
        case .from(let day): FITWorkoutGenerator(seed: seed, firstDay: day - 1).workouts(count: count)
        case .until(let day):
            FITWorkoutGenerator(seed: seed, firstDay: day - Self.day(of: FITWorkoutGenerator(seed: seed, firstDay: 0).workouts(count: count).last))
                .workouts(count: count)
        }
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
        let span = "\(ExportDays.text(Self.day(of: workouts.first))) to \(ExportDays.text(Self.day(of: workouts.last)))"
        return "\(files) FIT files, \(next) workouts, \(span), \(bytes) bytes"
    }
}
