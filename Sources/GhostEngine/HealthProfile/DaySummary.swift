import CivilCalendar

/// What the engine knows about one finished local day: data coverage, the user's check-in and sessions.
/// The ghost builds it from its block ledger plus the signal coverage and check-in the daemon reports.
public struct DaySummary: Codable, Sendable, Equatable {
    /// The local day.
    public let day: LocalDay
    /// Fraction of expected health signals (sleep, heart rate, activity…) received, 0…1.
    public let signalCoverage: Double
    /// Blocks that were on the calendar for this day (auto-written or accepted), not deleted.
    public let plannedSessions: Int
    /// Planned blocks in which a workout was detected.
    public let completedSessions: Int
    /// Workouts detected outside any ghost block.
    public let unplannedWorkouts: Int
    /// The user checked in that morning (`vigorctl checkin`: how they slept and feel).
    public let checkedIn: Bool
    /// A workout was logged or detected that day (in a block or not).
    public let trained: Bool

    /// Creates a summary.
    /// - Throws: `EngineError.valueOutOfRange` for coverage outside 0…1 or inconsistent counts.
    public init(
        day: LocalDay, signalCoverage: Double, plannedSessions: Int, completedSessions: Int, unplannedWorkouts: Int = 0,
        checkedIn: Bool = false, trained: Bool? = nil
    ) throws(EngineError) {
        guard signalCoverage.isFinite, (0...1).contains(signalCoverage) else {
            throw EngineError.valueOutOfRange(name: "signal coverage", value: signalCoverage, allowed: "0…1")
        }
        guard plannedSessions >= 0, (0...plannedSessions).contains(completedSessions), unplannedWorkouts >= 0 else {
            throw EngineError.valueOutOfRange(
                name: "completed sessions", value: Double(completedSessions), allowed: "0…planned sessions")
        }
        self.day = day
        self.signalCoverage = signalCoverage
        self.plannedSessions = plannedSessions
        self.completedSessions = completedSessions
        self.unplannedWorkouts = unplannedWorkouts
        self.checkedIn = checkedIn
        self.trained = trained ?? (completedSessions + unplannedWorkouts > 0)
    }

    /// Decodes a saved summary; one saved before check-ins were counted has none, and trained when a session was done.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        day = try keys.decode(LocalDay.self, forKey: .day)
        signalCoverage = try keys.decode(Double.self, forKey: .signalCoverage)
        plannedSessions = try keys.decode(Int.self, forKey: .plannedSessions)
        completedSessions = try keys.decode(Int.self, forKey: .completedSessions)
        unplannedWorkouts = try keys.decode(Int.self, forKey: .unplannedWorkouts)
        checkedIn = try keys.value(.checkedIn, or: false)
        trained = try keys.value(.trained, or: completedSessions + unplannedWorkouts > 0)
    }

    /// True when any evidence arrived that day: health data, a check-in or a workout.
    public var hasData: Bool { signalCoverage > 0 || checkedIn || trained }

    /// How much the day tells about the body, 0…1: biometric coverage, plus the check-in's and a workout's
    /// weights from the rules, capped at 1 (Docs/engine.md, "Evidence").
    public func evidence(_ rules: HealthRules) -> Double {
        let reported = (checkedIn ? rules.checkInEvidence : 0) + (trained ? rules.trainingEvidence : 0)
        return min(1, signalCoverage + reported)
    }
}
