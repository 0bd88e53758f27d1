/// The user's settings and the scheduling rules in force, as the planning functions read them: `[training]`, `[profile]`
/// and the scheduling groups of `[engine]` in `config.toml`, read by the daemon's config reader for the daemon and for the
/// simulator alike.
public struct PlanningSettings: Sendable, Equatable {
    /// What the user asked for: how often, how long, when.
    public var training: TrainingSettings
    /// How hard the sessions are.
    public var intensity: SessionIntensity
    /// The scheduling rules.
    public var rules: SchedulingRules
    /// The user's equipment and injuries (`[profile]`): which kinds of session are open.
    public var profile: TrainingProfile

    /// Creates settings; the documented defaults unless given.
    public init(
        training: TrainingSettings = TrainingSettings(), intensity: SessionIntensity = .moderate, rules: SchedulingRules = .standard,
        profile: TrainingProfile = TrainingProfile()
    ) {
        self.training = training
        self.intensity = intensity
        self.rules = rules
        self.profile = profile
    }
}
