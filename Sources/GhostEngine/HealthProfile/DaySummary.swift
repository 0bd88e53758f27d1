/// What the engine knows about one finished local day: data coverage and sessions.
/// The ghost builds it from its block ledger plus the signal coverage the daemon reports.
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

    /// Creates a summary.
    /// - Throws: `EngineError.valueOutOfRange` for coverage outside 0…1 or inconsistent counts.
    public init(
        day: LocalDay, signalCoverage: Double, plannedSessions: Int, completedSessions: Int, unplannedWorkouts: Int = 0
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
    }

    /// True when any health data arrived that day.
    public var hasData: Bool { signalCoverage > 0 }
}
