import CivilCalendar
import Foundation
import TestPrograms
import HealthImport

/// Locates fixture files copied into the test bundle.
enum Fixture {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name) is missing" }
    }

    static func url(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw Missing(name: name)
        }
        return url
    }

    static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}

/// What one import produced: every delivered record, the batches' sizes, and the summary or the error.
struct ImportOutcome {
    var records: [HealthSample] = []
    var batchSizes: [Int] = []
    var summary: HealthImportSummary?
    var error: HealthImportError?
    var progress: [(Int64, Int64)] = []
}

/// Imports a file, keeping everything delivered even when the import fails.
func runImport(_ url: URL, batchSize: Int = 4096, since: Date? = nil, now: Date? = nil) -> ImportOutcome {
    var outcome = ImportOutcome()
    do {
        outcome.summary = try HealthImporter(batchSize: batchSize).importFile(
            at: url, since: since, now: now, progress: { done, total in outcome.progress.append((done, total)) },
            deliver: { batch in
                outcome.batchSizes.append(batch.count)
                outcome.records.append(contentsOf: batch)
            })
    } catch {
        outcome.error = error
    }
    return outcome
}

/// Writes bytes to a new temporary file with the given name and returns its URL.
func temporaryFile(_ data: Data, name: String) throws -> URL {
    let folder = URL(fileURLWithPath: try ScratchFolder.make("health"))
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// Parses an ISO 8601 timestamp independently of the importer's own parser.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text) ?? Date.distantPast
}
