import ArgumentParser
import Foundation
import HealthExportGenerator

/// `vigor-health-export`: writes a realistic synthetic Apple Health export, so anyone can try vigord's
/// import without an iPhone, and the health benchmark has a large file of known content.
@main
struct VigorHealthExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-health-export",
        abstract: "Write a realistic synthetic health export (Apple Health, a Gadgetbridge database or FIT files) to try vigord's import.",
        discussion: """
            The export holds days of sleep, heart-rate variability, resting heart rate, steps and workouts \
            from a watch, a phone and a ring, in Apple's format, plus records of other kinds that vigord ignores. \
            It is made up from the seed: the same seed, size and --start (or --end) give identical bytes.

            The data ends yesterday, the last whole day on this machine's clock in its time zone, so a fresh \
            import counts as recent and nothing in it lies after now. --end DATE ends it on another day; --start DATE \
            begins it on a day instead (an Apple export then covers as many days as its size takes).

            An output ending in .zip is written as the iPhone shares it (apple_health_export/export.xml after \
            export_cda.xml, with a workout route); one ending in .xml is the bare export.xml.

            --format gadgetbridge writes a Gadgetbridge "Export database" file for one Mi Band 3: a sample every \
            minute (steps, sleep), a resting heart rate a day, workouts, SpO2 samples vigord does not read. \
            --format fit writes --files FIT activity files (one or two workouts each) into the output folder.

            Examples:
              vigor-health-export --megabytes 5 /tmp/export.zip
              vigor-health-export --format gadgetbridge --days 365 /tmp/Gadgetbridge.db
              vigor-health-export --format gadgetbridge --days 30 --end 2026-11-24 /tmp/Gadgetbridge.db
              vigor-health-export --format fit --files 1000 /tmp/fit
              vigorctl import /tmp/export.zip

            Exit codes: 0 written; 1 the file could not be written; 64 invalid arguments.
            """
    )

    @Option(help: "What to write: apple (export.xml or export.zip), gadgetbridge (an SQLite database) or fit (a folder of .fit files).")
    var format: ExportFormat = .apple

    @Option(help: "Approximate size of export.xml in MB (10^6 bytes); whole days are written, at least one.")
    var megabytes: Double = 10

    @Option(help: "Days of data in a Gadgetbridge database.")
    var days: Int = 365

    @Option(help: "How many FIT files to write.")
    var files: Int = 1000

    @Option(help: "Seed of the made-up data; the same seed, size and --start (or --end) give identical bytes.")
    var seed: UInt64 = 1

    @Option(help: "The last day of data, YYYY-MM-DD (default: yesterday, on this machine's clock in its time zone).")
    var end: String?

    @Option(help: "The first day of data instead, YYYY-MM-DD.")
    var start: String?

    @Argument(help: "Where to write: for apple a path ending in .zip or .xml, for gadgetbridge a file, for fit a folder (replaced if it exists).")
    var output: String

    func validate() throws {
        guard megabytes.isFinite, megabytes > 0, megabytes <= 100_000 else {
            throw ValidationError("--megabytes must be more than 0 and at most 100000, not \(megabytes)")
        }
        guard (1...36_500).contains(days) else {
            throw ValidationError("--days must be 1 to 36500, not \(days)")
        }
        guard (1...1_000_000).contains(files) else {
            throw ValidationError("--files must be 1 to 1000000, not \(files)")
        }
        if start != nil, end != nil { throw ValidationError("give --start or --end, not both") }
        for (flag, value) in [("--start", start), ("--end", end)] {
            if let value, ExportDays.day(iso: value) == nil {
                throw ValidationError("\(flag) must be a date YYYY-MM-DD, not '\(value)'")
            }
        }
        guard format != .apple || Format(path: output) != nil else {
            throw ValidationError("the output must end in .zip or .xml: '\(output)'")
        }
    }

    func run() throws {
        let placing = placement(now: Date(), zone: .current)
        switch format {
        case .apple: try writeApple(placing)
        case .gadgetbridge, .fit: try LinuxExports(seed: seed, days: days, files: files, placing: placing).write(format, to: output)
        }
    }

    /// Where the data goes: from `--start`, or ending on `--end` (default: yesterday on the clock given).
    func placement(now: Date, zone: TimeZone) -> Placement {
        if let first = start.flatMap(ExportDays.day(iso:)) { return .from(first) }
        return .until(end.flatMap(ExportDays.day(iso:)) ?? ExportDays.yesterday(now: now, zone: zone))
    }

    /// The first day of the data, or its last.
    enum Placement {
        case from(Int)
        case until(Int)
    }

    private func writeApple(_ placing: Placement) throws {
        let started = ContinuousClock.now
        let url = URL(fileURLWithPath: output)
        let targetBytes = Int64(megabytes * 1_000_000)
        // Ending on a day: the days the size takes (a day's bytes vary a little with its date), then exactly those days.
        var generator = HealthExportGenerator(seed: seed)
        var days: Int?
        switch placing {
        case .from(let first):
            generator.firstDay = first
        case .until(let last):
            generator.firstDay = last
            let count = generator.generate(targetBytes: targetBytes) { _ in }.days
            generator.firstDay = last - count + 1
            days = count
        }
        let report: GeneratedExportReport
        do {
            switch Format(path: output) {
            case .zip: report = try ExportArchive.write(generator, targetBytes: targetBytes, days: days, to: url)
            case .xml, nil: report = try generator.write(to: url, targetBytes: targetBytes, days: days)
            }
        } catch {
            FileHandle.standardError.write(Data("vigor-health-export: cannot write \(output): \(Self.reason(error, writing: url))\n".utf8))
            throw ExitCode.failure
        }
        let counts = report.expectedCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let span = "\(ExportDays.text(generator.firstDay)) to \(ExportDays.text(generator.firstDay + report.days - 1))"
        print("Wrote \(output): export.xml of \(report.bytes) bytes, \(report.days) day\(report.days == 1 ? "" : "s"), \(span) (\(counts); "
            + "\(report.expectedIgnored) of other kinds) in \(String(format: "%.1f", seconds)) s.")
        print("Try it: vigorctl import \(url.standardizedFileURL.path)")
    }

    /// Why writing failed, in words: Foundation's file errors often name no cause.
    static func reason(_ error: any Error, writing url: URL) -> String {
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            return "there is no folder \(folder)"
        }
        if !FileManager.default.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        return error.localizedDescription
    }

    /// What `--format` asks for.
    enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
        case apple, gadgetbridge, fit
    }

    /// What the output path asks for.
    enum Format {
        case xml
        case zip

        init?(path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "xml": self = .xml
            case "zip": self = .zip
            default: return nil
            }
        }
    }
}
