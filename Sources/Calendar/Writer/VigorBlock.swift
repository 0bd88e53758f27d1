import Foundation

/// A block the engine wants on the user's calendar (workout, focus time, …).
public struct VigorBlock: Sendable, Hashable, Codable {
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

    public init(id: String, kind: String, state: String, title: String, start: Date, end: Date, reason: String) {
        self.id = id
        self.kind = kind
        self.state = state
        self.title = title
        self.start = start
        self.end = end
        self.reason = reason
    }

    /// "vigor-<id>@vigord": stable across rewrites.
    public var uid: String { "vigor-\(id)@vigord" }

    /// Content fingerprint of everything that is written (not DTSTAMP).
    var fingerprint: String {
        ContentFingerprint.hex(of: [id, kind, state, title, String(Int(start.timeIntervalSince1970)),
                                    String(Int(end.timeIntervalSince1970)), reason].joined(separator: "\u{1F}"))
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
