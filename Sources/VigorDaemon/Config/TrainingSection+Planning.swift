import GhostScheduling

extension DaemonConfig.TrainingSection {
    /// `[training]` as the slot finder takes it.
    public var slotSettings: GhostScheduling.TrainingSettings {
        GhostScheduling.TrainingSettings(
            sessionsPerWeek: sessionsPerWeek, durationMinutes: durationMinutes,
            preferredWindows: preferred.map {
                GhostScheduling.TimeWindow(
                    from: WallTime(hour: $0.start.hour, minute: $0.start.minute), to: WallTime(hour: $0.end.hour, minute: $0.end.minute))
            },
            earliest: WallTime(hour: earliest.hour, minute: earliest.minute),
            latest: WallTime(hour: latest.hour, minute: latest.minute),
            bufferBeforeMinutes: bufferBeforeMinutes, bufferAfterMinutes: bufferAfterMinutes,
            restDays: restDays, minHoursBetweenSessions: minHoursBetweenSessions)
    }

    /// `[training] intensity` as the morning rules take it (the reader only lets the three words through).
    public var sessionIntensity: SessionIntensity {
        SessionIntensity(rawValue: intensity) ?? .moderate
    }
}

extension DaemonConfig {
    /// `[training]` and the scheduling rules of `[engine]`, as the planning functions read them.
    public var planningSettings: PlanningSettings {
        PlanningSettings(training: training.slotSettings, intensity: training.sessionIntensity, rules: schedulingRules)
    }
}
