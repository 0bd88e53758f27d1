import Foundation

/// Joins one device's consecutive per-minute samples of the same sleep stage into one `sleep` segment;
/// a gap of more than two minutes or another stage ends it. Each sample covers the minute it starts.
struct SleepRun {
    private var stage: String?
    private var start: Int64 = 0
    private var last: Int64 = 0
    private var firstRow: Int64 = 0

    static let sampleSeconds: Int64 = 60
    static let longestGap: Int64 = 120

    mutating func add(
        timestamp: Int64, stage sampleStage: String?, row: Int64, table: String, source: String,
        into collector: inout RecordCollector
    ) {
        if let stage, stage == sampleStage, timestamp - last <= Self.longestGap {
            last = timestamp
            return
        }
        finish(table: table, source: source, into: &collector)
        guard let sampleStage else { return }
        stage = sampleStage
        start = timestamp
        last = timestamp
        firstRow = row
    }

    /// Emits the segment being built, if any.
    mutating func finish(table: String, source: String, into collector: inout RecordCollector) {
        guard let stage else { return }
        self.stage = nil
        let outcome = MeasuredRecords.sleep(
            source: source, start: Date(timeIntervalSince1970: Double(start)),
            end: Date(timeIntervalSince1970: Double(last + Self.sampleSeconds)), stage: stage, place: "\(table) row \(firstRow)")
        collector.add(outcome, line: Int(clamping: firstRow))
    }
}
