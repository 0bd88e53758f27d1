import GhostEngine

/// Numbers of the pattern models: Beta prior and logistic coefficients of the skip predictor.
public struct PatternRules: Codable, Sendable, Equatable {
    /// Beta prior α (pseudo-skips) of every skip-rate estimate.
    public var priorSkips = 1.0
    /// Beta prior β (pseudo-completions) of every skip-rate estimate.
    public var priorCompletions = 1.0
    /// Log-odds added per busy hour that day above `typicalMeetingHours` (fewer hours add nothing).
    public var meetingHourCoefficient = 0.25
    /// Busy hours in a day that count as ordinary (no effect on the skip odds).
    public var typicalMeetingHours = 3.0
    /// Log-odds added per hour of last night's sleep below `sleepNeedMinutes`.
    public var sleepDebtHourCoefficient = 0.5
    /// Sleep that counts as enough (no effect on the skip odds).
    public var sleepNeedMinutes = 420

    /// Complete training weeks whose workouts the plan follows from Auto-Scheduler up (`PlanFollowing`): the count
    /// reached in two of them.
    public var ownTrainingWeeks = 3
    /// Days of workouts on one's own the user's own hours are read from.
    public var ownHoursLookbackDays = 28
    /// Workouts on one's own, starting within an hour of their median, that make the user's own hours (0: never).
    public var ownHoursMinimumWorkouts = 3
    /// Minutes the own hours reach past a session that starts at the quarter hour of the median start.
    public var ownHoursMarginMinutes = 15
    /// Ghost sessions in a row that passed without a workout, with none since, before the plan steps back to one session
    /// a week until the user trains again: this many, or all but one of the week's sessions when that is more (0: never).
    public var missedBeforeSteppingBack = 2

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = PatternRules()
        priorSkips = try keys.value(.priorSkips, or: standard.priorSkips)
        priorCompletions = try keys.value(.priorCompletions, or: standard.priorCompletions)
        meetingHourCoefficient = try keys.value(.meetingHourCoefficient, or: standard.meetingHourCoefficient)
        typicalMeetingHours = try keys.value(.typicalMeetingHours, or: standard.typicalMeetingHours)
        sleepDebtHourCoefficient = try keys.value(.sleepDebtHourCoefficient, or: standard.sleepDebtHourCoefficient)
        sleepNeedMinutes = try keys.value(.sleepNeedMinutes, or: standard.sleepNeedMinutes)
        ownTrainingWeeks = try keys.value(.ownTrainingWeeks, or: standard.ownTrainingWeeks)
        ownHoursLookbackDays = try keys.value(.ownHoursLookbackDays, or: standard.ownHoursLookbackDays)
        ownHoursMinimumWorkouts = try keys.value(.ownHoursMinimumWorkouts, or: standard.ownHoursMinimumWorkouts)
        ownHoursMarginMinutes = try keys.value(.ownHoursMarginMinutes, or: standard.ownHoursMarginMinutes)
        missedBeforeSteppingBack = try keys.value(.missedBeforeSteppingBack, or: standard.missedBeforeSteppingBack)
    }
}
