import Foundation

/// A span of time the calendar module reports as taken, `start` inclusive to `end` exclusive.
/// `causes` names the events behind it (for receipts); instants are UTC.
public struct BusyInterval: Codable, Sendable, Equatable {
    /// First busy instant.
    public let start: Date
    /// First free instant after the busy time.
    public let end: Date
    /// What made it busy, e.g. event titles.
    public let causes: [String]

    /// Creates an interval.
    public init(start: Date, end: Date, causes: [String] = []) {
        self.start = start
        self.end = end
        self.causes = causes
    }

    /// True when `[from, to)` shares any instant with this interval (an empty interval shares none).
    public func overlaps(from: Date, to: Date) -> Bool {
        start < end && from < end && start < to
    }
}
