import Foundation

/// A block the engine wants on the user's calendar (workout, focus time, …).
public struct VigorBlock: Sendable, Hashable {
    /// Stable engine identifier, written as X-VIGOR-BLOCK-ID.
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
    /// DESCRIPTION: in plain words, what the block is and why it is there.
    public var reason: String
    /// A proposal the user has not answered, or held time: written `STATUS:TENTATIVE`.
    public var tentative: Bool
    /// Free to others: written `TRANSP:TRANSPARENT` (a proposal, a hold not yet defended), else `TRANSP:OPAQUE`; unless
    /// set, whatever `tentative` is.
    public var transparent: Bool {
        get { transparency ?? tentative }
        set { transparency = newValue }
    }
    /// `transparent` when set apart from `tentative`.
    private var transparency: Bool?
    /// UID, SEQUENCE and revision times; the file name derives from the UID.
    public var identity: CalendarIdentity
    /// A reminder (VALARM, ACTION:DISPLAY) this many minutes before the start; nil: none.
    public var alarmMinutesBefore: Int?
    /// CATEGORIES, e.g. `["Vigor", "Training"]`.
    public var categories: [String]
    /// COLOR (RFC 7986): a CSS3 colour name such as `darkorchid`; nil: none.
    public var color: String?

    public init(
        id: String, kind: String, state: String, title: String, start: Date, end: Date, reason: String, tentative: Bool = false,
        transparent: Bool? = nil, identity: CalendarIdentity, alarmMinutesBefore: Int? = nil, categories: [String] = [],
        color: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.title = title
        self.start = start
        self.end = end
        self.reason = reason
        self.tentative = tentative
        self.transparency = transparent
        self.identity = identity
        self.alarmMinutesBefore = alarmMinutesBefore
        self.categories = categories
        self.color = color
    }

    /// The UID the block is written under.
    public var uid: String { identity.uid }

    /// Fingerprint of everything a calendar app shows of the block (not its identity): when it changes, the
    /// caller raises SEQUENCE.
    public var contentFingerprint: String {
        var fields = [id, kind, state, title, String(Int(start.timeIntervalSince1970)), String(Int(end.timeIntervalSince1970)), reason]
        fields.append(tentative ? "tentative" : "")
        if transparent != tentative { fields.append(transparent ? "transparent" : "opaque") }
        fields.append(alarmMinutesBefore.map(String.init) ?? "")
        fields.append(categories.joined(separator: ","))
        fields.append(color ?? "")
        return ContentFingerprint.hex(of: fields.joined(separator: "\u{1F}"))
    }

    /// Fingerprint of the plan: the UID, times, title and state, not the wording. A block the user deleted is not
    /// written again until this changes.
    var planFingerprint: String {
        let fields = [uid, id, kind, state, title, String(Int(start.timeIntervalSince1970)), String(Int(end.timeIntervalSince1970)),
                      tentative ? "tentative" : ""] + (transparent != tentative ? [transparent ? "transparent" : "opaque"] : [])
        return ContentFingerprint.hex(of: fields.joined(separator: "\u{1F}"))
    }

    /// Fingerprint of the file as written: content and identity.
    var fingerprint: String {
        let fields = [contentFingerprint, uid, String(identity.sequence), String(Int(identity.created.timeIntervalSince1970)),
                      String(Int(identity.lastModified.timeIntervalSince1970))]
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
