import ArgumentParser
import Foundation
import HealthImport
#if canImport(Glibc)
import Glibc
#endif

/// `vigor-bench health import FILE`: imports, discards records (counting them) and prints speed and peak memory.
struct HealthImportCost: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Import a file, discard the records, print throughput and peak RSS.")

    @Argument(help: "export.zip, export.xml, .jsonl or .csv")
    var file: String

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let clock = ContinuousClock()
        let started = clock.now
        var delivered = 0
        let result: Result<HealthImportSummary, HealthImportError>
        do {
            result = .success(try HealthImporter().importFile(at: url) { batch in delivered += batch.count })
        } catch {
            result = .failure(error)
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMiB = Double(usage.ru_maxrss) / 1024
        switch result {
        case .success(let summary):
            let megabytes = Double(summary.bytesRead) / 1_000_000
            print("format: \(summary.format.rawValue)")
            print("bytes: \(summary.bytesRead)")
            print(String(format: "seconds: %.3f", seconds))
            print(String(format: "MB/s: %.1f", megabytes / seconds))
            for kind in HealthKind.allCases {
                print("\(kind.rawValue): \(summary.imported[kind] ?? 0)")
            }
            print("delivered: \(delivered)")
            print("ignored: \(summary.ignored)")
            print("skipped: \(summary.skippedTotal) \(summary.skipped.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " "))")
            for example in summary.examples {
                print("  line \(example.line): \(example.reason.rawValue): \(example.message)")
            }
            print(String(format: "peak RSS MiB: %.1f", peakMiB))
        case .failure(let error):
            print("error: \(error)")
            print(String(format: "seconds: %.3f, peak RSS MiB: %.1f, delivered: %d", seconds, peakMiB, delivered))
            throw ExitCode.failure
        }
    }
}
