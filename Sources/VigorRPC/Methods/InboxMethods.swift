/// One thing the Ghost wanted to say, and what became of it.
public struct InboxEntryView: Codable, Sendable, Equatable {
    /// An answer, with the command that gives it in a terminal.
    public struct Action: Codable, Sendable, Equatable {
        public var id: String
        public var label: String
        public var command: String
        public init(id: String, label: String, command: String) {
            self.id = id
            self.label = label
            self.command = command
        }
        static let schema = Schema.object(
            ["id": Schema.string, "label": Schema.string, "command": Schema.string], required: ["id", "label", "command"])
    }

    public var key: String
    /// `apology`, `ghostHealth`, `triage`, `proposal`, `transformation`, `weeklyReceipt` or `checkIn`.
    public var kind: String
    public var title: String
    public var body: String
    public var actions: [Action]
    /// `heldBack`, `delivered` or `settled`.
    public var state: String
    /// Why, in the user's words ("held back: quiet hours until 07:00").
    public var reason: String
    public var firstSeen: RPCTimestamp
    public var decidedAt: RPCTimestamp

    public init(
        key: String, kind: String, title: String, body: String, actions: [Action], state: String, reason: String,
        firstSeen: RPCTimestamp, decidedAt: RPCTimestamp
    ) {
        self.key = key
        self.kind = kind
        self.title = title
        self.body = body
        self.actions = actions
        self.state = state
        self.reason = reason
        self.firstSeen = firstSeen
        self.decidedAt = decidedAt
    }

    static let schema = Schema.object(
        [
            "key": Schema.string, "kind": Schema.oneOf(["apology", "ghostHealth", "triage", "proposal", "transformation", "weeklyReceipt", "checkIn", "workoutLogged"]),
            "title": Schema.string, "body": Schema.string, "actions": Schema.array(of: Action.schema),
            "state": Schema.oneOf(["heldBack", "delivered", "settled"]), "reason": Schema.string,
            "firstSeen": Schema.time, "decidedAt": Schema.time,
        ],
        required: ["key", "kind", "title", "body", "actions", "state", "reason", "firstSeen", "decidedAt"])
}

/// `inbox.list`: what the Ghost wanted to say in the last 30 days, delivered or held back, newest first.
public enum InboxListMethod: RPCMethod {
    public typealias Params = NoParams
    public struct Result: Codable, Sendable, Equatable {
        public var entries: [InboxEntryView]
        public init(entries: [InboxEntryView]) { self.entries = entries }
    }
    public static let name = "inbox.list"
    public static let summary = "Lists what the Ghost wanted to tell you (delivered or held back, and why), newest first, with the commands that answer it."
    public static let resultSchema = Schema.object(["entries": Schema.array(of: InboxEntryView.schema)], required: ["entries"])
}
