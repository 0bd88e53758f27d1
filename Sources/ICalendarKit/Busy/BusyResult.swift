import Foundation

/// An event that made an interval busy, for "why is this time taken?".
public struct BusyCause: Sendable, Hashable, Codable {
    /// The configured source name.
    public var source: String
    /// The event's SUMMARY.
    public var summary: String

    public init(source: String, summary: String) {
        self.source = source
        self.summary = summary
    }
}

/// A merged stretch of busy time, [start, end) in UTC.
public struct BusyInterval: Sendable, Hashable, Codable {
    /// Inclusive start (UTC instant).
    public var start: Date
    /// Exclusive end (UTC instant).
    public var end: Date
    /// Every distinct (source, summary) that overlaps the interval, in time order.
    public var causes: [BusyCause]

    public init(start: Date, end: Date, causes: [BusyCause]) {
        self.start = start
        self.end = end
        self.causes = causes
    }
}

/// The state of one source after the latest load.
public struct SourceStatus: Sendable, Hashable, Codable {
    /// The configured source name.
    public var name: String
    /// False when the source (or one of its files) could not be read; its days are unknown.
    public var ok: Bool
    /// Why it failed, naming the file.
    public var error: String?
    /// Age of the data in seconds when a subscription serves its last good copy.
    public var ageSeconds: Int?
    /// Parts of files that were skipped, repaired (DTEND before DTSTART) or read with a fallback (the rest
    /// was used), each with file, line and UID.
    public var skipped: [String]

    public init(name: String, ok: Bool, error: String? = nil, ageSeconds: Int? = nil, skipped: [String] = []) {
        self.name = name
        self.ok = ok
        self.error = error
        self.ageSeconds = ageSeconds
        self.skipped = skipped
    }
}

/// Busy time over a window, the local days nobody can vouch for, and each source's state.
public struct BusyResult: Sendable, Hashable, Codable {
    /// Disjoint, sorted, clipped to the window.
    public var intervals: [BusyInterval]
    /// Local dates ("2026-11-23") in the configured zone that a failed source leaves unknown.
    public var unknownDays: [String]
    /// One status per queried source, in configuration order.
    public var sources: [SourceStatus]

    public init(intervals: [BusyInterval], unknownDays: [String], sources: [SourceStatus]) {
        self.intervals = intervals
        self.unknownDays = unknownDays
        self.sources = sources
    }
}
