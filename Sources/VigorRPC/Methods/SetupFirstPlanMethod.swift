import CivilCalendar

/// `setup.firstPlan`: the end of `vigorctl setup`. vigord reads the history it can (the Observer's week counts it),
/// plans the week from tomorrow as the evening does — without using up the evening cycle — and tells what it found:
/// the first proposal, the week's protected windows and the first insight.
public enum SetupFirstPlanMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public init() {}
    }

    /// A window of the week forecast: a free time where a session fits.
    public struct Window: Codable, Sendable, Equatable {
        /// `YYYY-MM-DD`, local.
        public var date: String
        public var start: RPCTimestamp
        /// Why there: the slot's score and what raised it.
        public var reason: String
        /// The likely session's kind.
        public var kind: SessionKind?
        public init(date: String, start: RPCTimestamp, reason: String, kind: SessionKind? = nil) {
            self.date = date
            self.start = start
            self.reason = reason
            self.kind = kind
        }
        static let schema = Schema.object(
            ["date": Schema.string, "start": Schema.time, "reason": Schema.string, "kind": Schema.oneOf(SessionKind.allCases.map(\.rawValue))],
            required: ["date", "start", "reason"])
    }

    /// The block the first plan placed.
    public struct Block: Codable, Sendable, Equatable {
        public var id: String
        /// `proposed` (a Scheduler asks first) or `scheduled` (written on the calendar).
        public var status: String
        public var start: RPCTimestamp
        public var end: RPCTimestamp
        /// What the session is for.
        public var kind: SessionKind?
        public init(id: String, status: String, start: RPCTimestamp, end: RPCTimestamp, kind: SessionKind? = nil) {
            self.id = id
            self.status = status
            self.start = start
            self.end = end
            self.kind = kind
        }
        static let schema = Schema.object(
            [
                "id": Schema.string, "status": Schema.string, "start": Schema.time, "end": Schema.time,
                "kind": Schema.oneOf(SessionKind.allCases.map(\.rawValue)),
            ],
            required: ["id", "status", "start", "end"])
    }

    /// Why the first plan placed no block, and when the first proposal is due.
    public struct Waiting: Codable, Sendable, Equatable {
        /// The evening cycle expected to propose; absent when the week holds no session.
        public var evening: RPCTimestamp?
        /// `YYYY-MM-DD`, the day it proposes for.
        public var forDate: String?
        /// The rule that decided, in words.
        public var because: String
        public init(evening: RPCTimestamp?, forDate: String?, because: String) {
            self.evening = evening
            self.forDate = forDate
            self.because = because
        }
        static let schema = Schema.object(
            ["evening": Schema.time, "forDate": Schema.string, "because": Schema.string], required: ["because"])
    }

    public struct Result: Codable, Sendable, Equatable {
        /// The trust phase after the history was read.
        public var phase: String
        /// Days of the last 90 the calendars and health data show, at this or the last reading; null when none was read
        /// (the Ghost was past Observer before history was counted).
        public var readableHistoryDays: Int?
        /// The first planned day's block, when one was placed (null: `notes` says why): today's when setup ran before
        /// today's preferred hours, else tomorrow's.
        public var block: Block?
        /// The week forecast's windows, from its first day (today or tomorrow, as `block`): "I've already found N
        /// protected windows this week".
        public var windows: [Window]
        /// The first insight: the absolution from health data, or from the calendar; null with under a week of either.
        public var insight: AbsolutionView?
        /// What the plan did, in order.
        public var notes: [String]
        /// Without a block: why, and when the first proposal is due.
        public var waiting: Waiting?
        public init(
            phase: String, readableHistoryDays: Int?, block: Block?, windows: [Window], insight: AbsolutionView?, notes: [String],
            waiting: Waiting? = nil
        ) {
            self.phase = phase
            self.readableHistoryDays = readableHistoryDays
            self.block = block
            self.windows = windows
            self.insight = insight
            self.notes = notes
            self.waiting = waiting
        }
    }

    public static let name = "setup.firstPlan"
    public static let summary = "The first plan at the end of setup, whatever the hour: reads the history (an Observer counts it), plans the week as the evening does (from today when it is before today's preferred hours) without using up its cycle, and returns the block, the week's windows and the first insight."
    public static let resultSchema = Schema.object(
        [
            "phase": Schema.string, "readableHistoryDays": Schema.nullable(Schema.integer), "block": Schema.nullable(Block.schema),
            "windows": Schema.array(of: Window.schema), "insight": Schema.nullable(AbsolutionView.schema),
            "notes": Schema.array(of: Schema.string), "waiting": Waiting.schema,
        ],
        required: ["phase", "windows", "notes"])
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}
