/// Sums one device's per-minute step samples into one `steps` record per clock hour (UTC), so a year of
/// minutes becomes a few thousand records; hours without steps give none.
struct HourlySteps {
    private var hour: Int64?
    private var count: Int64 = 0
    private var firstRow: Int64 = 0

    /// Adds a sample; a new hour emits the one before. Negative counts ("not measured") count as 0.
    mutating func add(timestamp: Int64, steps: Int64, row: Int64, table: String, source: String, into collector: inout RecordCollector) {
        let sampleHour = timestamp - ((timestamp % 3600) + 3600) % 3600
        if sampleHour != hour {
            finish(table: table, source: source, into: &collector)
            hour = sampleHour
            firstRow = row
        }
        if steps > 0 { count += steps }
    }

    /// Emits the hour being summed, if it had steps.
    mutating func finish(table: String, source: String, into collector: inout RecordCollector) {
        defer {
            hour = nil
            count = 0
        }
        guard let hour, count > 0 else { return }
        let outcome = MeasuredRecords.steps(source: source, hourStart: hour, count: count, place: "\(table) row \(firstRow)")
        collector.add(outcome, line: Int(clamping: firstRow))
    }
}
