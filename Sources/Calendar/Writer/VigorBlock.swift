import Foundation

/// A block the engine wants on the user's calendar (workout, focus time, …).
public struct VigorBlock: Sendable, Hashable {
    /// Stable engine identifier; the UID and file name derive from it.
    public var id: String
    /// Block kind, written as X-VIGOR-KIND (e.g. "workout").
    public var kind: String
    /// Block state, written as X-VIGOR-STATE (e.g. "planned", "confirmed").
    public var state: String
    /// SUMMARY shown in calendar apps.
    public var title: String
    /// Start instant (written as UTC DTSTART).
    public var start: Date
    /// End instant (written as UTC DTEND).
    public var end: Date
    /// DESCRIPTION: one or two sentences on what the block is and why it is there.
    public var reason: String
    /// A proposal the user has not answered: written `STATUS:TENTATIVE` and `TRANSP:TRANSPARENT`, so it
    /// shows in calendar apps without making anyone's time busy.
    public var tentative: Bool

    public init(
        id: String, kind: String, state: String, title: String, start: Date, end: Date, reason: String, tentative: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.title = title
        self.start = start
        self.end = end
        self.reason = reason
        self.tentative = tentative
    }


    /// "vigor-<id>@vigord": stable across rewrites.
    public var uid: String { "vigor-\(id)@vigord" }

    /// Content fingerprint of everything that is written (not DTSTAMP).
    var fingerprint: String {
        var fields = [id, kind, state, title, String(Int(start.timeIntervalSince1970)), String(Int(end.timeIntervalSince1970)), reason]
        if tentative { fields.append("tentative") }  // a confirmed block keeps the fingerprint it always had
        return ContentFingerprint.hex(of: fields.joined(separator: "\u{1F}"))
    }
}

/// The engine's desired block set, or the fact that it could not be computed.
public enum DesiredBlocks: Sendable {
    /// The complete set of blocks that should exist.
    case loaded([VigorBlock])
    /// The writer then changes nothing (no mass delete of the user's visible blocks).
    case failedToLoad(reason: String)
}

/// What one reconcile pass did.
public struct WriteReport: Sendable, Hashable {
    /// Block ids written (new or changed).
    public var written: [String] = []
    /// Block ids whose file already matched.
    public var unchanged: [String] = []
    /// Block ids whose files were removed.
    public var deleted: [String] = []
    /// Block ids the user deleted and the engine still wants unchanged: not recreated.
    public var keptDeleted: [String] = []
    /// User edits found in this pass; those blocks were left as the user made them.
    public var userChanges: [BlockChange] = []
}
