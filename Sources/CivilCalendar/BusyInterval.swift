#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A stretch of busy time, `start` inclusive to `end` exclusive (UTC instants), with the events that make it busy:
/// what the calendar module reports, what planning reads, and what a receipt or a conflict names.
public struct BusyInterval: Sendable, Hashable, Codable {
    /// First busy instant.
    public var start: Date
    /// First free instant after the busy time.
    public var end: Date
    /// Every distinct event that overlaps the interval, in time order.
    public var causes: [BusyCause]

    /// Creates an interval.
    public init(start: Date, end: Date, causes: [BusyCause] = []) {
        self.start = start
        self.end = end
        self.causes = causes
    }

    /// True when `[from, to)` shares any instant with this interval (an empty interval shares none).
    public func overlaps(from: Date, to: Date) -> Bool {
        start < end && from < end && start < to
    }
}

/// An event that made time busy, for "why is this time taken?": its title and the calendar it is in.
public struct BusyCause: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The configured source name (a scenario's busy times: `scenario`).
    public var source: String
    /// The event's title (SUMMARY).
    public var summary: String

    /// Creates a cause.
    public init(source: String, summary: String) {
        self.source = source
        self.summary = summary
    }

    /// How a conflict or an explanation names it: `'Board meeting' (work)`.
    public var description: String { "'\(summary)' (\(source))" }
}
