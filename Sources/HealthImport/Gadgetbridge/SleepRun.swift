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

    /// One finished segment: what it became, and the row it started at (for a skipped one).
    struct Segment {
        var outcome: RecordOutcome
        var row: Int64
        var start: Int64
        var end: Int64
    }

    /// True while the newest sample added is sleep: the device's data so far ends asleep.
    var isOpen: Bool { stage != nil }

    /// Adds a sample (`sampleStage` nil: not sleep); returns the segment it ended, if any.
    mutating func add(timestamp: Int64, stage sampleStage: String?, row: Int64, table: String, source: String) -> Segment? {
        if let stage, stage == sampleStage, timestamp - last <= Self.longestGap {
            last = timestamp
            return nil
        }
        let ended = finish(table: table, source: source)
        guard let sampleStage else { return ended }
        stage = sampleStage
        start = timestamp
        last = timestamp
        firstRow = row
        return ended
    }

    /// Ends the segment being built, if any.
    mutating func finish(table: String, source: String) -> Segment? {
        guard let stage else { return nil }
        self.stage = nil
        let end = last + Self.sampleSeconds
        let outcome = MeasuredRecords.sleep(
            source: source, start: Date(timeIntervalSince1970: Double(start)),
            end: Date(timeIntervalSince1970: Double(end)), stage: stage, place: "\(table) row \(firstRow)")
        return Segment(outcome: outcome, row: firstRow, start: start, end: end)
    }
}
