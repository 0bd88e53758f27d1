import Foundation

/// Who an event is and which revision of it is written: UID, SEQUENCE, CREATED and LAST-MODIFIED (also the DTSTAMP).
/// The caller keeps it (vigord in its state database), so a rewrite is an update of the same event for CalDAV
/// servers and phones, and a UID is never given to a second event.
public struct CalendarIdentity: Sendable, Hashable {
    /// The UID: globally unique, stable across rewrites.
    public var uid: String
    /// SEQUENCE: 0 for the first revision, one more for each change.
    public var sequence: Int
    /// When the event was first written.
    public var created: Date
    /// When its content last changed.
    public var lastModified: Date

    public init(uid: String, sequence: Int = 0, created: Date, lastModified: Date? = nil) {
        self.uid = uid
        self.sequence = sequence
        self.created = created
        self.lastModified = lastModified ?? created
    }
}
