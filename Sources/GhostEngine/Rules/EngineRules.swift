/// Every number the engine uses, in one table with documented defaults (see Docs/engine.md).
/// Decoding accepts a partial table: missing keys keep their defaults, so config overrides only what it names.
public struct EngineRules: Codable, Sendable, Equatable {
    /// Trust ladder: deltas, phase requirements, hysteresis.
    public var trust: TrustRules
    /// Safety breaker.
    public var breaker: BreakerRules
    /// Health-profile phases and confidence.
    public var health: HealthRules
    /// Failure triage.
    public var triage: TriageRules
    /// Ghost health modes.
    public var ghostHealth: GhostHealthRules
    /// Decision receipts and the block ledger.
    public var retention: RetentionRules
    /// Matching reported workouts to blocks.
    public var workouts: WorkoutRules

    /// Creates a table; every group defaults to its documented values.
    public init(
        trust: TrustRules = TrustRules(),
        breaker: BreakerRules = BreakerRules(),
        health: HealthRules = HealthRules(),
        triage: TriageRules = TriageRules(),
        ghostHealth: GhostHealthRules = GhostHealthRules(),
        retention: RetentionRules = RetentionRules(),
        workouts: WorkoutRules = WorkoutRules()
    ) {
        self.trust = trust
        self.breaker = breaker
        self.health = health
        self.triage = triage
        self.ghostHealth = ghostHealth
        self.retention = retention
        self.workouts = workouts
    }

    /// The documented defaults.
    public static let standard = EngineRules()

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = EngineRules.standard
        trust = try keys.value(.trust, or: standard.trust)
        breaker = try keys.value(.breaker, or: standard.breaker)
        health = try keys.value(.health, or: standard.health)
        triage = try keys.value(.triage, or: standard.triage)
        ghostHealth = try keys.value(.ghostHealth, or: standard.ghostHealth)
        retention = try keys.value(.retention, or: standard.retention)
        workouts = try keys.value(.workouts, or: standard.workouts)
    }
}
