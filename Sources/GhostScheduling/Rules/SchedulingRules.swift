import GhostEngine

/// Every number of the scheduling brain, in one table with documented defaults (see Docs/engine.md).
/// Decoding accepts a partial table: missing keys keep their defaults.
public struct SchedulingRules: Codable, Sendable, Equatable {
    /// Slot finder.
    public var slots: SlotRules
    /// Sacred time.
    public var sacred: SacredRules
    /// Travel detection.
    public var travel: TravelRules
    /// Recovery score formula in force.
    public var recovery: RecoveryFormula
    /// Morning transformation.
    public var transformation: TransformationRules
    /// Pattern learning.
    public var patterns: PatternRules

    /// Creates a table; every group defaults to its documented values.
    public init(
        slots: SlotRules = SlotRules(), sacred: SacredRules = SacredRules(), travel: TravelRules = TravelRules(),
        recovery: RecoveryFormula = .standard, transformation: TransformationRules = TransformationRules(),
        patterns: PatternRules = PatternRules()
    ) {
        self.slots = slots
        self.sacred = sacred
        self.travel = travel
        self.recovery = recovery
        self.transformation = transformation
        self.patterns = patterns
    }

    /// The documented defaults.
    public static let standard = SchedulingRules()

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = SchedulingRules.standard
        slots = try keys.value(.slots, or: standard.slots)
        sacred = try keys.value(.sacred, or: standard.sacred)
        travel = try keys.value(.travel, or: standard.travel)
        recovery = try keys.value(.recovery, or: standard.recovery)
        transformation = try keys.value(.transformation, or: standard.transformation)
        patterns = try keys.value(.patterns, or: standard.patterns)
    }

    /// Checks the rules can work: positive step and counts, weights and shares within 0…1, times of day.
    /// - Throws: `SchedulingError.invalidSetting` naming the first rule that cannot work.
    public func validate() throws(SchedulingError) {
        for (name, value) in [
            ("slots.stepMinutes", slots.stepMinutes), ("slots.maxHorizonDays", slots.maxHorizonDays),
            ("slots.moveSearchDays", slots.moveSearchDays),
            ("travel.zoneChangeMaxDays", travel.zoneChangeMaxDays),
            ("transformation.recoveryWalkMinutes", transformation.recoveryWalkMinutes),
            ("transformation.revertsBeforeSuggesting", transformation.revertsBeforeSuggesting),
        ] where value < 1 {
            throw SchedulingError.invalidSetting(name: name, problem: "must be at least 1, is \(value)")
        }
        for (name, value) in [
            ("slots.preferredWindowWeight", slots.preferredWindowWeight),
            ("slots.learnedPreferenceWeight", slots.learnedPreferenceWeight),
            ("slots.attendanceWeight", slots.attendanceWeight), ("slots.neutralFactor", slots.neutralFactor),
            ("slots.configuredBesideOwnHours", slots.configuredBesideOwnHours),
            ("transformation.hrvCrashMargin", transformation.hrvCrashMargin),
            ("transformation.revertShareBeforeSuggesting", transformation.revertShareBeforeSuggesting),
            ("recovery.hrvShortTermShare", recovery.hrvShortTermShare),
        ] where !(value.isFinite && (0...1).contains(value)) {
            throw SchedulingError.invalidSetting(name: name, problem: "must be within 0…1, is \(value)")
        }
        for (name, value) in [
            ("recovery.sleepWeight", recovery.sleepWeight), ("recovery.hrvWeight", recovery.hrvWeight),
            ("recovery.restingHeartRateWeight", recovery.restingHeartRateWeight),
            ("recovery.strainWeight", recovery.strainWeight), ("recovery.hrvSensitivity", recovery.hrvSensitivity),
            ("recovery.restingHeartRateSensitivity", recovery.restingHeartRateSensitivity),
            ("recovery.strainTolerance", recovery.strainTolerance),
            ("travel.farZoneHours", travel.farZoneHours), ("travel.farDistanceKilometres", travel.farDistanceKilometres),
        ] where !(value.isFinite && value >= 0) {
            throw SchedulingError.invalidSetting(name: name, problem: "must be a number of at least 0, is \(value)")
        }
        guard (0...1440).contains(transformation.minimumSleepMinutes) else {
            throw SchedulingError.invalidSetting(name: "transformation.minimumSleepMinutes", problem: "must be within 0…1440")
        }
        guard sacred.weekendMorningUntil.isValid, sacred.lunch.from.isValid, sacred.lunch.to.isValid, sacred.lunch.from < sacred.lunch.to
        else {
            throw SchedulingError.invalidSetting(name: "sacred.lunch", problem: "and weekendMorningUntil must be times of day, lunch from before to")
        }
        // The evening plans a week ahead, so a shorter horizon would leave every evening without a plan.
        guard (7...14).contains(slots.maxHorizonDays) else {
            throw SchedulingError.invalidSetting(
                name: "slots.maxHorizonDays", problem: "must be within 7…14 (the evening plans a week), is \(slots.maxHorizonDays)")
        }
        for (name, value, range) in [
            ("patterns.ownTrainingWeeks", patterns.ownTrainingWeeks, 2...5), ("patterns.ownHoursLookbackDays", patterns.ownHoursLookbackDays, 7...35),
            ("patterns.ownHoursMinimumWorkouts", patterns.ownHoursMinimumWorkouts, 0...1000),
            ("patterns.ownHoursMarginMinutes", patterns.ownHoursMarginMinutes, 0...180),
            ("patterns.missedBeforeSteppingBack", patterns.missedBeforeSteppingBack, 0...14),
        ] where !range.contains(value) {
            throw SchedulingError.invalidSetting(name: name, problem: "must be within \(range.lowerBound)…\(range.upperBound), is \(value)")
        }
        for (name, value) in [("patterns.priorSkips", patterns.priorSkips), ("patterns.priorCompletions", patterns.priorCompletions)]
        where !(value.isFinite && value > 0) {
            throw SchedulingError.invalidSetting(name: name, problem: "must be above 0, is \(value)")
        }
    }
}
