import CivilCalendar
import Foundation

/// Gathers records into batches and counts imported, ignored and skipped records for the summary.
struct RecordCollector {
    private(set) var pending: [HealthSample] = []
    private var importedCounts = [Int](repeating: 0, count: HealthKind.allCases.count)
    private(set) var ignored = 0
    private var skippedCounts: [HealthSkipReason: Int] = [:]
    private var examples: [HealthSkippedRecord] = []
    private var unreadTables: [String] = []
    /// Records of any outcome seen so far (delivered, pending, ignored or skipped).
    private(set) var recordsRead = 0

    /// Records starting before it are read but not delivered (a re-read of a source).
    let deliverFrom: Date?
    /// Records left out for starting before `deliverFrom`.
    private(set) var beforeWindow = 0
    /// Nights held back because the device's data ended while they were being recorded.
    private(set) var nightsStillRecorded = 0

    /// Records starting after it are refused as `future` (the time of the import); nil: none is.
    let refuseAfter: Date?

    let batchSize: Int

    init(batchSize: Int, deliverFrom: Date? = nil, refuseAfter: Date? = nil) {
        self.deliverFrom = deliverFrom
        self.refuseAfter = refuseAfter
        self.batchSize = max(1, batchSize)
        pending.reserveCapacity(min(self.batchSize, 1 << 16))
    }

    mutating func accept(_ record: HealthSample) {
        recordsRead += 1
        if let deliverFrom, record.start < deliverFrom {
            beforeWindow += 1
            return
        }
        pending.append(record)
    }

    mutating func ignore() {
        recordsRead += 1
        ignored += 1
    }

    mutating func skip(line: Int, reason: HealthSkipReason, message: String) {
        recordsRead += 1
        skippedCounts[reason, default: 0] += 1
        if examples.count < HealthImportSummary.exampleLimit {
            examples.append(HealthSkippedRecord(line: line, reason: reason, message: message))
        }
    }

    /// Notes a table holding data that was not read (Gadgetbridge), for the summary.
    mutating func noteUnreadTable(_ name: String) {
        unreadTables.append(name)
    }

    /// Notes a night held back because the device's data ends in it (Gadgetbridge), for the summary.
    mutating func noteNightStillRecorded() {
        nightsStillRecorded += 1
    }

    /// Adds what became of one record; `line` is used for skipped ones.
    mutating func add(_ outcome: RecordOutcome, line: Int) {
        switch outcome {
        case .record(let record):
            if let refuseAfter, record.start > refuseAfter {
                skip(line: line, reason: .future, message: "\(record.kind.rawValue) starting \(RFC3339.text(record.start)) is after the time "
                    + "of the import, \(RFC3339.text(refuseAfter)): is the device's clock ahead?")
            } else {
                accept(record)
            }
        case .ignored: ignore()
        case .skipped(let reason, let message): skip(line: line, reason: reason, message: message)
        }
    }

    /// Delivers full batches; with `all`, also the last partial one. Errors of `deliver` propagate unchanged.
    mutating func flush(all: Bool, to deliver: ([HealthSample]) throws -> Void) rethrows {
        guard pending.count >= batchSize || (all && !pending.isEmpty) else { return }
        var start = 0
        while pending.count - start >= batchSize || (all && start < pending.count) {
            let end = min(start + batchSize, pending.count)
            let batch = Array(pending[start..<end])
            try deliver(batch)
            for record in batch {
                importedCounts[record.kind.index] += 1
            }
            start = end
        }
        pending.removeSubrange(0..<start)
    }

    func summary(format: HealthFileFormat, bytesRead: Int64) -> HealthImportSummary {
        var imported: [HealthKind: Int] = [:]
        for kind in HealthKind.allCases where importedCounts[kind.index] > 0 {
            imported[kind] = importedCounts[kind.index]
        }
        return HealthImportSummary(
            format: format, bytesRead: bytesRead, imported: imported, ignored: ignored,
            skipped: skippedCounts, examples: examples, unreadTables: unreadTables, beforeWindow: beforeWindow,
            nightsStillRecorded: nightsStillRecorded)
    }
}

extension HealthKind {
    /// A dense index for counting per kind without hashing.
    var index: Int {
        switch self {
        case .sleep: 0
        case .hrv: 1
        case .restingHeartRate: 2
        case .steps: 3
        case .workout: 4
        }
    }
}
