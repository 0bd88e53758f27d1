/// The engine's state as `status` shows it: what the Ghost may do now and how well it knows you.
public struct GhostStatus: Codable, Sendable, Equatable {
    /// `observer`, `scheduler`, `autoScheduler`, `transformer` or `fullGhost`.
    public var trustPhase: String
    /// The phase as people read it, e.g. `Auto-Scheduler`.
    public var trustPhaseName: String
    /// Trust score, 0…1.
    public var trustScore: Double
    /// True when the user set the phase by hand; automatic moves wait until released.
    public var pinnedByUser: Bool
    /// What the Ghost may do now (trust phase narrowed by ghost health), e.g. `propose`, `writeCalendar`.
    public var capabilities: [String]
    /// `baseline`, `adaptation`, `maintenance` or `regression`.
    public var healthPhase: String
    public var healthPhaseName: String
    /// What the Ghost says about the health phase, e.g. "Still learning your patterns...".
    public var healthPhaseLine: String
    /// Health-profile confidence, 0…1.
    public var healthConfidence: Double
    /// `healthy`, `degraded`, `safeMode` or `suspended`.
    public var ghostHealth: String
    public var ghostHealthName: String
    /// What the Ghost tells the user about its own health: the sentence of its last change of mode, while it is
    /// not healthy or for a day after it recovered; absent otherwise.
    public var ghostHealthMessage: String?
    /// Why the Ghost is not healthy: which failures, since when, what to do; absent while it is healthy.
    public var ghostHealthProblem: GhostHealthProblem?
    /// Consecutive deletions of auto blocks counted by the safety breaker.
    public var breakerDeletions: Int
    /// While the user's pin holds a phase the score does not earn: the phase the Ghost steps down to, one phase at each
    /// evaluation, after `trust set auto`; absent otherwise.
    public var phaseOnRelease: String?
    public var phaseOnReleaseName: String?

    public init(
        trustPhase: String, trustPhaseName: String, trustScore: Double, pinnedByUser: Bool, capabilities: [String],
        healthPhase: String, healthPhaseName: String, healthConfidence: Double, ghostHealth: String,
        ghostHealthName: String, ghostHealthMessage: String? = nil, ghostHealthProblem: GhostHealthProblem? = nil, breakerDeletions: Int,
        healthPhaseLine: String = "", phaseOnRelease: String? = nil, phaseOnReleaseName: String? = nil
    ) {
        self.phaseOnRelease = phaseOnRelease
        self.phaseOnReleaseName = phaseOnReleaseName
        self.trustPhase = trustPhase
        self.trustPhaseName = trustPhaseName
        self.trustScore = trustScore
        self.pinnedByUser = pinnedByUser
        self.capabilities = capabilities
        self.healthPhase = healthPhase
        self.healthPhaseName = healthPhaseName
        self.healthPhaseLine = healthPhaseLine
        self.healthConfidence = healthConfidence
        self.ghostHealth = ghostHealth
        self.ghostHealthName = ghostHealthName
        self.ghostHealthMessage = ghostHealthMessage
        self.ghostHealthProblem = ghostHealthProblem
        self.breakerDeletions = breakerDeletions
    }

    static let schema = Schema.object(
        [
            "trustPhase": Schema.oneOf(TrustPhaseName.all), "trustPhaseName": Schema.string, "trustScore": Schema.number,
            "pinnedByUser": Schema.boolean, "capabilities": Schema.array(of: Schema.string),
            "healthPhase": Schema.oneOf(["baseline", "adaptation", "maintenance", "regression"]),
            "healthPhaseName": Schema.string, "healthPhaseLine": Schema.string, "healthConfidence": Schema.number,
            "ghostHealth": Schema.oneOf(["healthy", "degraded", "safeMode", "suspended"]), "ghostHealthName": Schema.string,
            "ghostHealthMessage": Schema.string, "ghostHealthProblem": GhostHealthProblem.schema, "breakerDeletions": Schema.integer,
            "phaseOnRelease": Schema.oneOf(TrustPhaseName.all), "phaseOnReleaseName": Schema.string,
        ],
        required: [
            "trustPhase", "trustPhaseName", "trustScore", "pinnedByUser", "capabilities", "healthPhase", "healthPhaseName",
            "healthPhaseLine", "healthConfidence", "ghostHealth", "ghostHealthName", "breakerDeletions",
        ])
}

/// The next run of each daily cycle, in the user's zone.
public struct NextCycles: Codable, Sendable, Equatable {
    public var morning: RPCTimestamp
    public var evening: RPCTimestamp

    public init(morning: RPCTimestamp, evening: RPCTimestamp) {
        self.morning = morning
        self.evening = evening
    }

    static let schema = Schema.object(["morning": Schema.time, "evening": Schema.time], required: ["morning", "evening"])
}

/// The wire names of the trust phases, shared by `status`, `trust.set` and the CLI.
public enum TrustPhaseName {
    public static let all = ["observer", "scheduler", "autoScheduler", "transformer", "fullGhost"]
}
