import CivilCalendar
import Foundation

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
    /// Local days in the configured zone that a failed source leaves unknown.
    public var unknownDays: [LocalDay]
    /// One status per queried source, in configuration order.
    public var sources: [SourceStatus]

    public init(intervals: [BusyInterval], unknownDays: [LocalDay], sources: [SourceStatus]) {
        self.intervals = intervals
        self.unknownDays = unknownDays
        self.sources = sources
    }
}
