/// How old the health data and the recovery score are, in `status`: the same freshness words as calendar sources.
public struct HealthAgeStatus: Codable, Sendable, Equatable {
    /// When the newest health data was measured: a stored sample's end or a check-in's time; absent before either.
    public var newestDataAt: RPCTimestamp?
    /// Its kind: `sleep`, `hrv`, `restingHeartRate`, `steps`, `workout` or `checkIn`.
    public var newestDataKind: String?
    /// Seconds from `newestDataAt` to now.
    public var ageSeconds: Int?
    /// `fresh` … `expired` (see `Freshness`), or `unknown` without data.
    public var freshness: String
    /// The newest recovery score, when there is one.
    public var recovery: RecoveryAge?
    /// What the last morning cycle found to read.
    public var lastMorning: MorningRead?

    public init(
        newestDataAt: RPCTimestamp? = nil, newestDataKind: String? = nil, ageSeconds: Int? = nil, freshness: String = "unknown",
        recovery: RecoveryAge? = nil, lastMorning: MorningRead? = nil
    ) {
        self.newestDataAt = newestDataAt
        self.newestDataKind = newestDataKind
        self.ageSeconds = ageSeconds
        self.freshness = freshness
        self.recovery = recovery
        self.lastMorning = lastMorning
    }

    static let schema = Schema.object(
        [
            "newestDataAt": Schema.time, "newestDataKind": Schema.string, "ageSeconds": Schema.integer,
            "freshness": Freshness.schema, "recovery": RecoveryAge.schema, "lastMorning": MorningRead.schema,
        ],
        required: ["freshness"])
}

/// The newest recovery score and the age of the measurements behind it.
public struct RecoveryAge: Codable, Sendable, Equatable {
    /// The morning it scores, `YYYY-MM-DD`.
    public var date: String
    /// 0…100.
    public var score: Double
    public var computedAt: RPCTimestamp
    /// Seconds from its newest measured input (sleep, HRV, resting heart rate, check-in) to now.
    public var dataAgeSeconds: Int?
    /// The freshness of that data.
    public var freshness: String
    /// True when the score was not computed from anything new: the morning that made it had nothing newer than
    /// the morning before, or it is an earlier day's score.
    public var carriedOver: Bool

    public init(date: String, score: Double, computedAt: RPCTimestamp, dataAgeSeconds: Int?, freshness: String, carriedOver: Bool) {
        self.date = date
        self.score = score
        self.computedAt = computedAt
        self.dataAgeSeconds = dataAgeSeconds
        self.freshness = freshness
        self.carriedOver = carriedOver
    }

    static let schema = Schema.object(
        [
            "date": Schema.string, "score": Schema.number, "computedAt": Schema.time, "dataAgeSeconds": Schema.integer,
            "freshness": Freshness.schema, "carriedOver": Schema.boolean,
        ],
        required: ["date", "score", "computedAt", "freshness", "carriedOver"])
}

/// Whether the last morning cycle had health data newer than the morning before it.
public struct MorningRead: Codable, Sendable, Equatable {
    public var ranAt: RPCTimestamp
    /// False when it had nothing new to read (no sample and no check-in newer than the previous morning cycle).
    public var newHealthData: Bool

    public init(ranAt: RPCTimestamp, newHealthData: Bool) {
        self.ranAt = ranAt
        self.newHealthData = newHealthData
    }

    static let schema = Schema.object(["ranAt": Schema.time, "newHealthData": Schema.boolean], required: ["ranAt", "newHealthData"])
}
