import ArgumentParser
import Foundation
import HealthExportGenerator

/// `vigor-bench health generate --megabytes N OUT.xml [--seed S]`
struct HealthGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Write a realistic export.xml of about N MB.")

    @Option(help: "Approximate size in MB (10^6 bytes).")
    var megabytes: Double

    @Option(help: "Seed; the same seed and size give identical bytes.")
    var seed: UInt64 = 1

    @Argument(help: "Output export.xml path.")
    var output: String

    func run() throws {
        let started = Date()
        let report = try HealthExportGenerator(seed: seed)
            .write(to: URL(fileURLWithPath: output), targetBytes: Int64(megabytes * 1_000_000))
        print(GenerateReportText.describe(report, path: output, seconds: Date().timeIntervalSince(started)))
    }
}

/// Human summary of a generated export.
enum GenerateReportText {
    static func describe(_ report: GeneratedExportReport, path: String, seconds: Double) -> String {
        let counts = report.expectedCounts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "wrote \(path): \(report.bytes) bytes, \(report.days) days, expected \(counts), ignored=\(report.expectedIgnored) in \(String(format: "%.1f", seconds)) s"
    }
}
