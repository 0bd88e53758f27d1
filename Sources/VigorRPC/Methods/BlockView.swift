/// A training block as the API shows it.
public struct BlockView: Codable, Sendable, Equatable {
    /// The block's id (`b12`): what `triage answer`, `accept` and `decline` take.
    public var id: String
    public var start: RPCTimestamp
    public var end: RPCTimestamp
    /// `auto` (written by the Ghost) or `proposal`.
    public var origin: String
    /// `proposed`, `scheduled`, `declined`, `removed`, `completed` or `missed`.
    public var status: String

    public init(id: String, start: RPCTimestamp, end: RPCTimestamp, origin: String, status: String) {
        self.id = id
        self.start = start
        self.end = end
        self.origin = origin
        self.status = status
    }

    static let schema = Schema.object(
        ["id": Schema.string, "start": Schema.time, "end": Schema.time, "origin": Schema.string, "status": Schema.string],
        required: ["id", "start", "end", "origin", "status"])
}

/// The Ghost's plan and open questions, as `status` shows them.
public struct PlanStatus: Codable, Sendable, Equatable {
    public var today: [BlockView]
    public var tomorrow: [BlockView]
    /// Proposals waiting for `vigorctl accept|decline`.
    public var proposals: [BlockView]
    /// Missed blocks waiting for `vigorctl triage answer` (at most one question a day).
    public var pendingTriage: [BlockView]
    /// The Ghost's apology after the safety breaker fired in the last 7 days.
    public var apology: String?

    public init(today: [BlockView], tomorrow: [BlockView], proposals: [BlockView], pendingTriage: [BlockView], apology: String?) {
        self.today = today
        self.tomorrow = tomorrow
        self.proposals = proposals
        self.pendingTriage = pendingTriage
        self.apology = apology
    }

    static let schema = Schema.object(
        [
            "today": Schema.array(of: BlockView.schema), "tomorrow": Schema.array(of: BlockView.schema),
            "proposals": Schema.array(of: BlockView.schema), "pendingTriage": Schema.array(of: BlockView.schema),
            "apology": Schema.string,
        ],
        required: ["today", "tomorrow", "proposals", "pendingTriage"])
}
