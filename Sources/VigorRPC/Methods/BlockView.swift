import CivilCalendar

/// A training block as the API shows it.
public struct BlockView: Codable, Sendable, Equatable {
    /// The block's id (`b12`): what `triage answer`, `accept` and `decline` take.
    public var id: String
    public var start: RPCTimestamp
    public var end: RPCTimestamp
    /// `auto` (written by the Ghost) or `proposal`.
    public var origin: String
    /// `proposed`, `scheduled`, `declined`, `removed`, `completed`, `missed` or `expired` (a proposal nobody answered).
    public var status: String
    /// The Ghost's own change to the block (shortened or removed), absent when it never changed it.
    public var transformation: TransformationView?
    /// Where the Ghost proposes to move the block because something now covers it; `accept` moves it, `decline` keeps it.
    public var proposedMove: RPCTimestamp?
    /// What the session is for (`run`, `strength`, …); absent for a block placed before sessions had kinds.
    public var kind: SessionKind?

    public init(
        id: String, start: RPCTimestamp, end: RPCTimestamp, origin: String, status: String, transformation: TransformationView? = nil,
        proposedMove: RPCTimestamp? = nil, kind: SessionKind? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.origin = origin
        self.status = status
        self.transformation = transformation
        self.proposedMove = proposedMove
        self.kind = kind
    }

    static let schema = Schema.object(
        [
            "id": Schema.string, "start": Schema.time, "end": Schema.time, "origin": Schema.string, "status": Schema.string,
            "transformation": TransformationView.schema, "proposedMove": Schema.time,
            "kind": Schema.oneOf(SessionKind.allCases.map(\.rawValue)),
        ],
        required: ["id", "start", "end", "origin", "status"])
}

/// What the Ghost changed about a block on its own, and whether the user kept it.
public struct TransformationView: Codable, Sendable, Equatable {
    /// The rule that changed it: `shortSleep`, `hrvCrash`, or `manual`.
    public var rule: String
    /// The block's length before the change, in minutes.
    public var originalMinutes: Int
    /// True when the change removed the block.
    public var removed: Bool
    /// `kept` or `reverted`; absent while it can still be reverted (until the block would start).
    public var answer: String?

    public init(rule: String, originalMinutes: Int, removed: Bool, answer: String?) {
        self.rule = rule
        self.originalMinutes = originalMinutes
        self.removed = removed
        self.answer = answer
    }

    static let schema = Schema.object(
        ["rule": Schema.string, "originalMinutes": Schema.integer, "removed": Schema.boolean, "answer": Schema.oneOf(["kept", "reverted"])],
        required: ["rule", "originalMinutes", "removed"])
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
    /// The days after today as the last evening's forecast sees them (`plan.week`); empty before the first evening.
    public var week: [PlanDayView]

    public init(
        today: [BlockView], tomorrow: [BlockView], proposals: [BlockView], pendingTriage: [BlockView], apology: String?,
        week: [PlanDayView] = []
    ) {
        self.today = today
        self.tomorrow = tomorrow
        self.proposals = proposals
        self.pendingTriage = pendingTriage
        self.apology = apology
        self.week = week
    }

    static let schema = Schema.object(
        [
            "today": Schema.array(of: BlockView.schema), "tomorrow": Schema.array(of: BlockView.schema),
            "proposals": Schema.array(of: BlockView.schema), "pendingTriage": Schema.array(of: BlockView.schema),
            "apology": Schema.string, "week": Schema.array(of: PlanDayView.schema),
        ],
        required: ["today", "tomorrow", "proposals", "pendingTriage", "week"])
}
