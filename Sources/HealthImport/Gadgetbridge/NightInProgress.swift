/// One device's sleep segments of the night being read, kept until the device is seen awake after them.
/// A device whose data ends asleep (a phone that exported while its band still recorded the night) gave only
/// the night's first part: read as it is, it would look like a short night. Those segments are held back, and
/// a later copy of the database, which shows the night's end, gives the whole night.
struct NightInProgress {
    private var segments: [SleepRun.Segment] = []

    /// Segments further apart than this are two nights (or a night and a nap): the earlier one is finished.
    static let sameNightGap: Int64 = 3600

    /// Adds a finished segment; passes on the night before it when this one starts a new night.
    mutating func add(_ segment: SleepRun.Segment, into collector: inout RecordCollector) {
        if let previous = segments.last, segment.start - previous.end > Self.sameNightGap {
            release(into: &collector)
        }
        segments.append(segment)
    }

    /// The device was seen awake at `timestamp`: after longer than `sameNightGap` awake, the night kept is finished.
    mutating func awake(at timestamp: Int64, into collector: inout RecordCollector) {
        if let last = segments.last, timestamp - last.end > Self.sameNightGap { release(into: &collector) }
    }

    /// Passes on the segments kept: the device was seen awake after them.
    mutating func release(into collector: inout RecordCollector) {
        for segment in segments { collector.add(segment.outcome, line: Int(clamping: segment.row)) }
        segments = []
    }

    /// Drops the segments kept and counts their night as still being recorded.
    mutating func holdBack(into collector: inout RecordCollector) {
        guard !segments.isEmpty else { return }
        segments = []
        collector.noteNightStillRecorded()
    }
}
