import CivilCalendar

/// `cycle.run`: runs today's morning or evening cycle now unless it already ran today (what the
/// systemd timers call; harmless to repeat).
public enum CycleRunMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Which cycle; any other word is refused by the decoder, before a handler runs.
        public var kind: CycleKind
        /// Run only when vigord's own schedule says the cycle is due now (what a timer asks): a weekly cycle on Sunday
        /// after its time or for a missed Sunday; otherwise nothing is done.
        public var ifDue: Bool?
        public init(kind: CycleKind, ifDue: Bool? = nil) {
            self.kind = kind
            self.ifDue = ifDue
        }
    }
    public typealias Result = CycleOutcome
    public static let name = "cycle.run"
    public static let summary = "Runs today's morning, evening or weekly cycle unless it already ran today; idempotent per local date."
    public static let params = [
        OpenRPCParam(name: "kind", required: true, description: "morning, evening or weekly.", schema: Schema.oneOf(CycleKind.allCases.map(\.rawValue))),
        OpenRPCParam(
            name: "ifDue", required: false, description: "Run only when the cycle is due now by vigord's schedule (the timers' way).",
            schema: Schema.boolean),
    ]
    public static let resultSchema = CycleOutcome.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}

/// What a cycle did, or that it had already run.
public struct CycleOutcome: Codable, Sendable, Equatable {
    public var kind: CycleKind
    /// The local date it ran for, `YYYY-MM-DD`.
    public var localDate: String
    /// False when the cycle had already run that day (nothing was done again).
    public var ran: Bool
    public var summary: String
    /// Morning cycles: false when there was nothing new to read (no health data or check-in newer than the
    /// morning before; the recovery score is carried over). Absent for the other cycles.
    public var newHealthData: Bool?

    public init(kind: CycleKind, localDate: String, ran: Bool, summary: String, newHealthData: Bool? = nil) {
        self.kind = kind
        self.localDate = localDate
        self.ran = ran
        self.summary = summary
        self.newHealthData = newHealthData
    }

    static let schema = Schema.object(
        [
            "kind": Schema.oneOf(CycleKind.allCases.map(\.rawValue)), "localDate": Schema.string, "ran": Schema.boolean, "summary": Schema.string,
            "newHealthData": Schema.boolean,
        ],
        required: ["kind", "localDate", "ran", "summary"])
}
