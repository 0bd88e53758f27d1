import HealthImport
import VigorRPC

extension HealthImportResult {
    /// The API's view of what `health.import` read.
    init(_ report: HealthImportReport) {
        switch report {
        case .file(let imported): self.init(imported)
        case .folder(let path, let files): self.init(folder: path, files, report: report)
        }
    }

    /// One file's import: its counts, what its workouts became, and the importer's summary.
    init(_ imported: HealthIntake.Imported) {
        let summary = imported.summary
        self.init(
            file: imported.file, format: summary.format.rawValue, complete: imported.complete, error: imported.problem,
            added: imported.added, duplicates: imported.duplicates, ignored: summary.ignored, skipped: summary.skippedTotal,
            records: Dictionary(uniqueKeysWithValues: summary.imported.map { ($0.key.rawValue, $0.value) }),
            skippedByReason: Dictionary(uniqueKeysWithValues: summary.skipped.map { ($0.key.rawValue, $0.value) }),
            skippedExamples: summary.examples.map { "line \($0.line): \($0.message)" },
            workoutsCompletingBlocks: imported.workoutsCompletingBlocks, workoutsUnplanned: imported.workoutsUnplanned,
            bytes: summary.bytesRead, workoutsAlreadyCounted: imported.workoutsAlreadyCounted,
            nightsStillRecorded: summary.nightsStillRecorded)
    }

    /// A folder's files: their counts summed, each file's outcome (what it imported, or why nothing), the first 20
    /// skipped records named by file.
    private init(folder path: String, _ files: [HealthImportReport.FolderFile], report: HealthImportReport) {
        self.init(
            file: path, format: "folder", complete: report.complete, error: report.error, added: 0, duplicates: 0, ignored: 0,
            skipped: 0, records: [:], skippedByReason: [:], skippedExamples: [], workoutsCompletingBlocks: 0, workoutsUnplanned: 0,
            bytes: 0)
        var outcomes: [HealthImportFileOutcome] = []
        for entry in files {
            guard let imported = entry.imported else {
                outcomes.append(HealthImportFileOutcome(
                    file: entry.name, format: nil, added: 0, complete: false, error: entry.error ?? "not imported"))
                continue
            }
            let one = HealthImportResult(imported)
            added += one.added
            duplicates += one.duplicates
            ignored += one.ignored
            skipped += one.skipped
            records.merge(one.records, uniquingKeysWith: +)
            skippedByReason.merge(one.skippedByReason, uniquingKeysWith: +)
            skippedExamples += one.skippedExamples.map { "\(entry.name): \($0)" }
            workoutsCompletingBlocks += one.workoutsCompletingBlocks
            workoutsUnplanned += one.workoutsUnplanned
            workoutsAlreadyCounted += one.workoutsAlreadyCounted
            nightsStillRecorded += one.nightsStillRecorded
            bytes += one.bytes
            outcomes.append(HealthImportFileOutcome(file: entry.name, format: one.format, added: one.added, complete: one.complete, error: one.error))
        }
        skippedExamples = Array(skippedExamples.prefix(20))
        self.files = outcomes
        failedFiles = report.failedFiles
    }
}

extension HealthImportsRunning.Running {
    /// The API's view of a running import's progress.
    init(_ progress: HealthIntake.ImportProgress) {
        self.init(file: progress.file, bytesRead: progress.bytesRead, totalBytes: progress.totalBytes)
    }
}
