import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

/// A shutdown cancels the task waiting for an import: the import stops at its next chunk instead of holding the
/// import lane (and the stop) until the whole file is read.
@Test(.removesScratchFolders) func aCancelledImportStopsAndSaysSoWithoutBlamingTheFile() async throws {
    let context = try berlinContext(now: now)
    let path = try ScratchFolder.make("cancel") + "/cancel.jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try #"{"type":"hrv","start":"2026-11-22T07:00:00+01:00","value":48,"unit":"ms","source":"test"}"#
        .appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    let intake = context.health
    let task = Task { () async -> Result<Int, HealthIntakeError> in
        withUnsafeCurrentTask { $0?.cancel() }
        do throws(HealthIntakeError) {
            return .success(try await intake.importFile(at: path, now: { now }).added)
        } catch {
            return .failure(error)
        }
    }
    switch await task.value {
    case .success(let added):
        Issue.record("the cancelled import ran and added \(added)")
    case .failure(let error):
        #expect(error.stopped)
        #expect(!error.storage)
        #expect(error.description.contains("stopped"))
    }
    #expect(intake.progress().isEmpty, "nothing is left shown as running")
}
