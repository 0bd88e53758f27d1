/// Why the Ghost is not healthy, as `status` tells it: which failures were counted since it was last healthy, since
/// when it is in its mode, and what to do. Present whenever `ghostHealth` is not `healthy`.
public struct GhostHealthProblem: Codable, Sendable, Equatable {
    /// One kind of failure counted since the Ghost was last healthy.
    public struct Failure: Codable, Sendable, Equatable {
        /// `missedCycle`, `calendarReadFailed`, `calendarWriteFailed`, `staleData`, `notificationFailed`, `storageFailed` or `healthSourceFailed`.
        public var kind: String
        /// The failure in words, e.g. "a daily cycle failed or ran more than 30 minutes late".
        public var words: String
        /// How many were counted.
        public var count: Int
        /// The first and the last one counted.
        public var firstAt: RPCTimestamp
        public var lastAt: RPCTimestamp
        /// What to do about it.
        public var whatToDo: String

        public init(kind: String, words: String, count: Int, firstAt: RPCTimestamp, lastAt: RPCTimestamp, whatToDo: String) {
            self.kind = kind
            self.words = words
            self.count = count
            self.firstAt = firstAt
            self.lastAt = lastAt
            self.whatToDo = whatToDo
        }

        static let schema = Schema.object(
            [
                "kind": Schema.oneOf(["missedCycle", "calendarReadFailed", "calendarWriteFailed", "staleData", "notificationFailed", "storageFailed", "healthSourceFailed"]),
                "words": Schema.string, "count": Schema.integer, "firstAt": Schema.time, "lastAt": Schema.time,
                "whatToDo": Schema.string,
            ],
            required: ["kind", "words", "count", "firstAt", "lastAt", "whatToDo"])
    }

    /// When the Ghost entered its present mode.
    public var since: RPCTimestamp
    /// The failures counted since it was last healthy, in the order they first happened; empty only for a state saved
    /// before vigord kept them by kind (then `unrecorded` says so).
    public var failures: [Failure]
    /// Set when the failures were not kept by kind: the sentence that says so.
    public var unrecorded: String?
    /// How it gets better, e.g. "It steps back towards healthy after 3 background runs in a row succeed."
    public var recovery: String

    public init(since: RPCTimestamp, failures: [Failure], unrecorded: String? = nil, recovery: String) {
        self.since = since
        self.failures = failures
        self.unrecorded = unrecorded
        self.recovery = recovery
    }

    static let schema = Schema.object(
        [
            "since": Schema.time, "failures": Schema.array(of: Failure.schema), "unrecorded": Schema.string,
            "recovery": Schema.string,
        ],
        required: ["since", "failures", "recovery"])
}
