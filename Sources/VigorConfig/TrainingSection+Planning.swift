import GhostScheduling

extension DaemonConfig.TrainingSection {
    /// `[training]` as the slot finder takes it.
    public var slotSettings: GhostScheduling.TrainingSettings {
        GhostScheduling.TrainingSettings(
            sessionsPerWeek: sessionsPerWeek, sessionsPerWeekMax: sessionsPerWeekMax, durationMinutes: durationMinutes,
            preferredWindows: preferred, earliest: earliest, latest: latest,
            bufferBeforeMinutes: bufferBeforeMinutes, bufferAfterMinutes: bufferAfterMinutes,
            restDays: restDays, minHoursBetweenSessions: minHoursBetweenSessions, firstWeekday: weekStarts)
    }

    /// `[training] intensity` as the morning rules take it (the reader only lets the three words through).
    public var sessionIntensity: SessionIntensity {
        SessionIntensity(rawValue: intensity) ?? .moderate
    }
}

extension DaemonConfig.ProfileSection {
    /// `[profile]` as the kind rule takes it.
    public var trainingProfile: TrainingProfile {
        TrainingProfile(equipment: equipment, injuries: injuries)
    }
}

extension DaemonConfig {
    /// `[training]`, `[profile]` and the scheduling rules of `[engine]`, as the planning functions read them.
    public var planningSettings: PlanningSettings {
        PlanningSettings(
            training: training.slotSettings, intensity: training.sessionIntensity, rules: schedulingRules,
            profile: profile.trainingProfile)
    }

    /// The `[profile]` words vigord does not understand, one sentence each: printed by `--check-config` and at start,
    /// logged at each reload.
    public var profileNotes: [String] {
        profile.trainingProfile.notUnderstood.map { "[profile] \($0)" }
    }
}
