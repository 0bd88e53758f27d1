import GhostEngine

/// The daily workout the simple placer tries to fit: the preferred hour, or the next free hour up to `latestHour`.
public struct WorkoutPlan: Codable, Sendable, Equatable {
    /// Local hour tried first.
    public var preferredHour: Int
    /// Last local hour that may be used.
    public var latestHour: Int
    /// Block length.
    public var durationMinutes: Int
    /// Confidence the simple placer reports for a free preferred window, 0…1.
    public var placementConfidence: Double

    /// Creates a plan.
    public init(preferredHour: Int, latestHour: Int, durationMinutes: Int, placementConfidence: Double) {
        self.preferredHour = preferredHour
        self.latestHour = latestHour
        self.durationMinutes = durationMinutes
        self.placementConfidence = placementConfidence
    }
}

/// A weekly busy time: on `weekdays` (1 = Sunday … 7 = Saturday), hours `fromHour` up to, not including, `toHour`.
public struct BusyTime: Codable, Sendable, Equatable {
    /// Weekdays, 1 = Sunday … 7 = Saturday.
    public var weekdays: [Int]
    /// First busy hour.
    public var fromHour: Int
    /// First free hour after the busy time.
    public var toHour: Int

    /// Creates a busy time.
    public init(weekdays: [Int], fromHour: Int, toHour: Int) {
        self.weekdays = weekdays
        self.fromHour = fromHour
        self.toHour = toHour
    }
}

/// Ranges the simulated health signals are drawn from, uniformly.
public struct HealthSignalRanges: Codable, Sendable, Equatable {
    /// Fraction of expected signals received each day.
    public var coverage: ValueRange

    /// Creates ranges; by default coverage is 0.8…1.
    public init(coverage: ValueRange = ValueRange(min: 0.8, max: 1)) {
        self.coverage = coverage
    }
}

/// A closed range `min…max`.
public struct ValueRange: Codable, Sendable, Equatable {
    /// Lower bound.
    public var min: Double
    /// Upper bound.
    public var max: Double

    /// Creates a range.
    public init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }
}

/// The user moves the ghost to `phase` at the start of `day`.
public struct ManualPhaseChange: Codable, Sendable, Equatable {
    /// 1-based day.
    public var day: Int
    /// Phase chosen by the user.
    public var phase: TrustPhase

    /// Creates a change.
    public init(day: Int, phase: TrustPhase) {
        self.day = day
        self.phase = phase
    }
}
