import GhostEngine
import GhostScheduling

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

/// A meeting that lands on day `day`'s calendar after the day's block was placed (at 05:45), from `fromHour`
/// up to, not including, `toHour`: the week changing under a block.
public struct MeetingChange: Codable, Sendable, Equatable {
    /// 1-based day.
    public var day: Int
    /// First busy hour.
    public var fromHour: Int
    /// First free hour after the meeting.
    public var toHour: Int
    /// What the meeting is called (the conflict names it).
    public var title: String

    /// Creates a change.
    public init(day: Int, fromHour: Int, toHour: Int, title: String) {
        self.day = day
        self.fromHour = fromHour
        self.toHour = toHour
        self.title = title
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

/// The user moves the ghost to `phase` at the start of `day`; with `pin` false they hand the phase back to the
/// ladder right after (`vigorctl trust set PHASE`, then `vigorctl trust set auto`), so it may move on from there.
public struct ManualPhaseChange: Codable, Sendable, Equatable {
    /// 1-based day.
    public var day: Int
    /// Phase chosen by the user.
    public var phase: TrustPhase
    /// True (the default) to keep the phase until changed again.
    public var pin: Bool

    /// Creates a change.
    public init(day: Int, phase: TrustPhase, pin: Bool = true) {
        self.day = day
        self.phase = phase
        self.pin = pin
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        day = try keys.decode(Int.self, forKey: .day)
        phase = try keys.decode(TrustPhase.self, forKey: .phase)
        pin = try keys.decodeIfPresent(Bool.self, forKey: .pin) ?? true
    }
}

/// The morning signals of one simulated day, read by the transformer at 06:30.
public struct MorningSignalDay: Codable, Sendable, Equatable {
    /// 1-based day.
    public var day: Int
    /// Last night's sleep in minutes.
    public var sleepMinutes: Int?
    /// This morning's HRV, ms.
    public var hrv: Double?
    /// 7-day HRV baseline, ms.
    public var hrvBaseline7: Double?

    /// Creates the signals of a day.
    public init(day: Int, sleepMinutes: Int? = nil, hrv: Double? = nil, hrvBaseline7: Double? = nil) {
        self.day = day
        self.sleepMinutes = sleepMinutes
        self.hrv = hrv
        self.hrvBaseline7 = hrvBaseline7
    }

    var signals: MorningSignals {
        MorningSignals(lastNightSleepMinutes: sleepMinutes, hrv: hrv, hrvBaseline7: hrvBaseline7)
    }
}
