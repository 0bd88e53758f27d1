/// `status`: who is running, since when, from which socket and configuration.
public enum StatusMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = DaemonStatus
    public static let name = "status"
    public static let summary = "Reports the daemon's version, pid, uptime, socket, configuration, storage, the Ghost's trust and health, and the next cycles."
    public static let resultSchema = DaemonStatus.schema
}

/// The result of `status`. Fields are only ever added, never renamed or removed.
public struct DaemonStatus: Codable, Sendable, Equatable {
    public var version: String
    public var pid: Int32
    public var startedAt: RPCTimestamp
    public var uptimeSeconds: Int
    public var socket: String
    /// How the socket came to the daemon: `systemd` (socket activation) or `bound`.
    public var socketOrigin: String
    public var configPath: String
    /// `file` when the configuration was read from `configPath`, `defaults` when no file exists.
    public var configSource: String
    public var timezone: String
    public var lastReload: ReloadOutcome?
    public var database: DatabaseStatus
    /// The Ghost: trust, health profile, ghost health.
    public var ghost: GhostStatus
    /// When the morning and evening cycles run next.
    public var nextCycles: NextCycles
    /// Recovery time from `vigorctl crashing`, while it lasts.
    public var emergency: RecoveryTimeStatus
    /// Today's and tomorrow's blocks, proposals, pending triage, the breaker's apology.
    public var plan: PlanStatus
    /// How fresh each calendar source's data is.
    public var sources: [SourceFreshnessView]
    /// Travel days set with `travel.set`.
    public var travel: TravelStatus
    /// How old the newest health data and the recovery score are, and whether the last morning had anything new.
    public var health: HealthAgeStatus
    /// Whether vigord's own calendar is in step with what the Ghost decided, or why writing it fails.
    public var calendarWrites: FailureEpisodeStatus
    /// Whether vigord can save its state, or since when and why not (a full disk).
    public var storage: FailureEpisodeStatus
    /// Strong weeks in a row at the last weekly receipt; absent before the first receipt.
    public var streak: Int?
    /// `[profile]`: equipment and injuries as setup stored them; absent when both are empty.
    public var profile: ProfileStatus?
    /// Each watched health source (as `health.sources`); absent when none is configured.
    public var healthSources: [HealthSourceView]?

    public init(
        version: String, pid: Int32, startedAt: RPCTimestamp, uptimeSeconds: Int, socket: String,
        socketOrigin: String, configPath: String, configSource: String, timezone: String,
        lastReload: ReloadOutcome?, database: DatabaseStatus, ghost: GhostStatus, nextCycles: NextCycles,
        emergency: RecoveryTimeStatus, plan: PlanStatus, sources: [SourceFreshnessView], travel: TravelStatus,
        health: HealthAgeStatus = HealthAgeStatus(), calendarWrites: FailureEpisodeStatus = FailureEpisodeStatus(),
        storage: FailureEpisodeStatus = FailureEpisodeStatus(), streak: Int? = nil, profile: ProfileStatus? = nil,
        healthSources: [HealthSourceView]? = nil
    ) {
        self.version = version
        self.pid = pid
        self.startedAt = startedAt
        self.uptimeSeconds = uptimeSeconds
        self.socket = socket
        self.socketOrigin = socketOrigin
        self.configPath = configPath
        self.configSource = configSource
        self.timezone = timezone
        self.lastReload = lastReload
        self.database = database
        self.ghost = ghost
        self.nextCycles = nextCycles
        self.emergency = emergency
        self.plan = plan
        self.sources = sources
        self.travel = travel
        self.health = health
        self.calendarWrites = calendarWrites
        self.storage = storage
        self.streak = streak
        self.profile = profile
        self.healthSources = healthSources
    }

    static let schema = Schema.object(
        [
            "version": Schema.string,
            "pid": Schema.integer,
            "startedAt": Schema.time,
            "uptimeSeconds": Schema.integer,
            "socket": Schema.string,
            "socketOrigin": Schema.oneOf(["systemd", "bound"]),
            "configPath": Schema.string,
            "configSource": Schema.oneOf(["file", "defaults"]),
            "timezone": Schema.string,
            "lastReload": ReloadOutcome.schema,
            "database": DatabaseStatus.schema,
            "ghost": GhostStatus.schema,
            "nextCycles": NextCycles.schema,
            "emergency": RecoveryTimeStatus.schema,
            "plan": PlanStatus.schema,
            "sources": Schema.array(of: SourceFreshnessView.schema),
            "travel": TravelStatus.schema,
            "health": HealthAgeStatus.schema,
            "calendarWrites": FailureEpisodeStatus.schema,
            "storage": FailureEpisodeStatus.schema,
            "streak": Schema.integer,
            "profile": ProfileStatus.schema,
            "healthSources": Schema.array(of: HealthSourceView.schema),
        ],
        required: [
            "version", "pid", "startedAt", "uptimeSeconds", "socket", "socketOrigin", "configPath",
            "configSource", "timezone", "database", "ghost", "nextCycles", "emergency", "plan", "sources", "travel", "health",
            "calendarWrites", "storage",
        ]
    )
}

/// Where the daemon keeps its state and which schema version it has.
public struct DatabaseStatus: Codable, Sendable, Equatable {
    public var path: String
    public var schemaVersion: String

    public init(path: String, schemaVersion: String) {
        self.path = path
        self.schemaVersion = schemaVersion
    }

    static let schema = Schema.object(["path": Schema.string, "schemaVersion": Schema.string], required: ["path", "schemaVersion"])
}

/// A calendar source's freshness in `status`.
public struct SourceFreshnessView: Codable, Sendable, Equatable {
    public var name: String
    public var ok: Bool
    /// `fresh` (< 30 min), `slightlyStale` (< 2 h), `stale` (< 6 h), `veryStale` (< 24 h), `expired`, or `unknown` before the first read.
    public var freshness: String
    public var ageSeconds: Int?

    public init(name: String, ok: Bool, freshness: String, ageSeconds: Int?) {
        self.name = name
        self.ok = ok
        self.freshness = freshness
        self.ageSeconds = ageSeconds
    }

    static let schema = Schema.object(
        [
            "name": Schema.string, "ok": Schema.boolean,
            "freshness": Freshness.schema,
            "ageSeconds": Schema.integer,
        ],
        required: ["name", "ok", "freshness"])
}

/// A kind of work that can fail for a while (`status.calendarWrites`, `status.storage`): ok, or failing since when and
/// why, and how many episodes of failure began since vigord started. Writing vigord's calendar: a write that fails is a
/// ghost-health failure of its own kind; what was decided stays saved and is written on the next change or tick.
/// Saving state: every write that fails, of any kind, belongs to one episode that the next write that saves ends; it is
/// logged once when it starts and once when it ends, and counted toward ghost health (`storageFailed`) once it ended.
public struct FailureEpisodeStatus: Codable, Sendable, Equatable {
    /// False from the first failure until the work succeeds again.
    public var ok: Bool
    /// When the current episode began.
    public var failingSince: RPCTimestamp?
    /// Why it failed (a calendar write: the path and the system's reason; storage: its first failed write).
    public var reason: String?
    /// How many episodes began since vigord started.
    public var failedEpisodes: Int

    public init(ok: Bool = true, failingSince: RPCTimestamp? = nil, reason: String? = nil, failedEpisodes: Int = 0) {
        self.ok = ok
        self.failingSince = failingSince
        self.reason = reason
        self.failedEpisodes = failedEpisodes
    }

    static let schema = Schema.object(
        ["ok": Schema.boolean, "failingSince": Schema.time, "reason": Schema.string, "failedEpisodes": Schema.integer],
        required: ["ok", "failedEpisodes"])
}

/// What the user trains with and what hurts (`[profile]`), in their words, and what planning makes of them.
public struct ProfileStatus: Codable, Sendable, Equatable {
    public var equipment: [String]
    public var injuries: [String]
    /// The session kinds no block gets, each with why: `run, ride (your injury 'left knee')`; absent when none.
    public var ruledOut: String?
    /// One sentence per word vigord keeps but does not understand (it rules out nothing); absent when none.
    public var notUnderstood: [String]?
    public init(equipment: [String], injuries: [String], ruledOut: String? = nil, notUnderstood: [String]? = nil) {
        self.equipment = equipment
        self.injuries = injuries
        self.ruledOut = ruledOut
        self.notUnderstood = notUnderstood
    }
    static let schema = Schema.object(
        [
            "equipment": Schema.array(of: Schema.string), "injuries": Schema.array(of: Schema.string), "ruledOut": Schema.string,
            "notUnderstood": Schema.array(of: Schema.string),
        ], required: ["equipment", "injuries"])
}
