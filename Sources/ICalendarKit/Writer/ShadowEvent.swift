import Foundation

/// One event of the shadow calendar: a committed block as colleagues may see it, its times and one word.
public struct ShadowEvent: Sendable, Hashable {
    /// UID (not the block's own), SEQUENCE and revision times.
    public var identity: CalendarIdentity
    public var start: Date
    public var end: Date
    /// SUMMARY, e.g. "Busy".
    public var summary: String

    public init(identity: CalendarIdentity, start: Date, end: Date, summary: String) {
        self.identity = identity
        self.start = start
        self.end = end
        self.summary = summary
    }
}

/// What one pass over the shadow collection did.
public struct ShadowReport: Sendable, Hashable {
    /// UIDs of the events written (new, changed, or edited by someone else and written back).
    public var written: [String] = []
    /// UIDs of the events whose file was already as it should be.
    public var unchanged: [String] = []
    /// File names of the events removed.
    public var deleted: [String] = []
}
