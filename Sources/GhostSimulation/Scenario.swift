import Foundation
import GhostEngine

/// A simulated user over a number of days: who they are, how they behave, and what they do to the ghost.
/// Decoded from JSON (see Docs/simulation.md); day numbers are 1-based.
public struct Scenario: Codable, Sendable, Equatable {
    /// Short name shown in the output.
    public var name: String
    /// First simulated local day, `YYYY-MM-DD`.
    public var startDate: String
    /// Number of simulated days.
    public var days: Int
    /// IANA time zone of the user.
    public var timeZone: String
    /// Seed of the random generator; the same seed gives the same run.
    public var seed: UInt64
    /// The user's settings as `config.toml` text (`[training]`, `[engine]`), read by the daemon's config reader;
    /// empty: the documented defaults.
    public var config: String
    /// Weekly busy times: no block is placed there.
    public var busy: [BusyTime]
    /// Calendar files or ICS text, read by the real calendar module (`vigor-sim`).
    public var calendars: [ScenarioCalendarSource]
    /// How often the user does the workout.
    public var completion: CompletionBehaviour
    /// Chance the user accepts a proposal, 0…1.
    public var acceptRate: Double
    /// Days on which the user deletes the day's auto-scheduled block.
    public var deletionDays: [Int]
    /// Days away from home: no block is placed and no workout happens.
    public var travelDays: [Int]
    /// How the user answers triage questions.
    public var triage: TriageBehaviour
    /// Ranges of the health signals the daemon would report.
    public var healthSignals: HealthSignalRanges
    /// Manual trust-phase changes by the user.
    public var manualPhaseChanges: [ManualPhaseChange]
    /// Days whose calendar could not be read: the slot finder offers a proposal at most.
    public var unknownDays: [Int]
    /// Morning signals the transformer reads (days not listed have none).
    public var morningSignals: [MorningSignalDay]
    /// Days on which the user reverts the day's transformation (others are kept).
    public var revertDays: [Int]
    /// Meetings that land on a day after its block was placed; a move proposal is accepted with `acceptRate`.
    public var meetingChanges: [MeetingChange]
    /// How the Ghost hears of workouts: a wearable detects them, the user logs them, or nobody tells it.
    public var workoutReports: WorkoutReporting
    /// When the device's readings and detected workouts reach vigord: at once (default), or through a synced phone
    /// export or a watch plugged in now and then.
    public var healthDelivery: HealthDelivery
    /// Chance the user checks in each morning (`vigorctl checkin`), 0…1.
    public var checkInRate: Double
    /// Chance the user answers a proposal at all, 0…1; an unanswered proposal stays a proposal.
    public var answerRate: Double
    /// Days on which the user presses the red button (`vigorctl crashing --minutes 240`) at 06:00.
    public var crashDays: [Int]
    /// Days on which the evening's notification could not be delivered (counted against ghost health when the evening
    /// had something new to say).
    public var notificationFailureDays: [Int]
    /// Days on which no health data arrives: no signal coverage, and the mornings judge the data's age.
    public var staleHealthDays: [Int]
    /// Days of history the user's calendars and health data showed before day 1 (0…90): the Observer counts them
    /// towards its week, as the daemon does with what it reads (`ReadableHistory`).
    public var historyDays: Int
    /// A user who answers the plan (a habit and a response to blocks); nil: `completion` scripts every day's workout.
    public var behaviour: TrainingBehaviour?
    /// When the user stops using vigord (the run ends that day); nil: never.
    public var retention: RetentionRules?
    /// The hour, on the evening before day 1, at which `vigorctl setup` ends and makes its first plan (the Ghost starts
    /// then); nil: no setup, the Ghost starts on day 1 at 00:00 and the first evening plans first.
    public var setupHour: Int?

    /// Creates a scenario.
    public init(
        name: String, startDate: String, days: Int, timeZone: String, seed: UInt64, config: String = "",
        busy: [BusyTime] = [], calendars: [ScenarioCalendarSource] = [], completion: CompletionBehaviour, acceptRate: Double = 1, deletionDays: [Int] = [],
        travelDays: [Int] = [], triage: TriageBehaviour = TriageBehaviour(),
        healthSignals: HealthSignalRanges = HealthSignalRanges(), manualPhaseChanges: [ManualPhaseChange] = [],
        unknownDays: [Int] = [], morningSignals: [MorningSignalDay] = [], revertDays: [Int] = [],
        meetingChanges: [MeetingChange] = [], workoutReports: WorkoutReporting = .detected,
        healthDelivery: HealthDelivery = .immediate, checkInRate: Double = 0,
        answerRate: Double = 1, crashDays: [Int] = [], notificationFailureDays: [Int] = [], staleHealthDays: [Int] = [],
        historyDays: Int = 0, behaviour: TrainingBehaviour? = nil,
        retention: RetentionRules? = nil, setupHour: Int? = nil
    ) {
        self.name = name
        self.startDate = startDate
        self.days = days
        self.timeZone = timeZone
        self.seed = seed
        self.config = config
        self.busy = busy
        self.calendars = calendars
        self.completion = completion
        self.acceptRate = acceptRate
        self.deletionDays = deletionDays
        self.travelDays = travelDays
        self.triage = triage
        self.healthSignals = healthSignals
        self.manualPhaseChanges = manualPhaseChanges
        self.unknownDays = unknownDays
        self.morningSignals = morningSignals
        self.revertDays = revertDays
        self.meetingChanges = meetingChanges
        self.workoutReports = workoutReports
        self.healthDelivery = healthDelivery
        self.checkInRate = checkInRate
        self.answerRate = answerRate
        self.crashDays = crashDays
        self.notificationFailureDays = notificationFailureDays
        self.staleHealthDays = staleHealthDays
        self.historyDays = historyDays
        self.behaviour = behaviour
        self.retention = retention
        self.setupHour = setupHour
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        name = try keys.decode(String.self, forKey: .name)
        startDate = try keys.decode(String.self, forKey: .startDate)
        days = try keys.decode(Int.self, forKey: .days)
        timeZone = try keys.decode(String.self, forKey: .timeZone)
        seed = try keys.decode(UInt64.self, forKey: .seed)
        config = try Self.configText(keys)
        busy = try keys.decodeIfPresent([BusyTime].self, forKey: .busy) ?? []
        calendars = try keys.decodeIfPresent([ScenarioCalendarSource].self, forKey: .calendars) ?? []
        completion = try keys.decode(CompletionBehaviour.self, forKey: .completion)
        acceptRate = try keys.decodeIfPresent(Double.self, forKey: .acceptRate) ?? 1
        deletionDays = try keys.decodeIfPresent([Int].self, forKey: .deletionDays) ?? []
        travelDays = try keys.decodeIfPresent([Int].self, forKey: .travelDays) ?? []
        triage = try keys.decodeIfPresent(TriageBehaviour.self, forKey: .triage) ?? TriageBehaviour()
        healthSignals = try keys.decodeIfPresent(HealthSignalRanges.self, forKey: .healthSignals) ?? HealthSignalRanges()
        manualPhaseChanges = try keys.decodeIfPresent([ManualPhaseChange].self, forKey: .manualPhaseChanges) ?? []
        unknownDays = try keys.decodeIfPresent([Int].self, forKey: .unknownDays) ?? []
        morningSignals = try keys.decodeIfPresent([MorningSignalDay].self, forKey: .morningSignals) ?? []
        revertDays = try keys.decodeIfPresent([Int].self, forKey: .revertDays) ?? []
        meetingChanges = try keys.decodeIfPresent([MeetingChange].self, forKey: .meetingChanges) ?? []
        workoutReports = try keys.decodeIfPresent(WorkoutReporting.self, forKey: .workoutReports) ?? .detected
        healthDelivery = try keys.decodeIfPresent(HealthDelivery.self, forKey: .healthDelivery) ?? .immediate
        checkInRate = try keys.decodeIfPresent(Double.self, forKey: .checkInRate) ?? 0
        answerRate = try keys.decodeIfPresent(Double.self, forKey: .answerRate) ?? 1
        crashDays = try keys.decodeIfPresent([Int].self, forKey: .crashDays) ?? []
        notificationFailureDays = try keys.decodeIfPresent([Int].self, forKey: .notificationFailureDays) ?? []
        staleHealthDays = try keys.decodeIfPresent([Int].self, forKey: .staleHealthDays) ?? []
        historyDays = try keys.decodeIfPresent(Int.self, forKey: .historyDays) ?? 0
        behaviour = try keys.decodeIfPresent(TrainingBehaviour.self, forKey: .behaviour)
        retention = try keys.decodeIfPresent(RetentionRules.self, forKey: .retention)
        setupHour = try keys.decodeIfPresent(Int.self, forKey: .setupHour)
    }
}

extension Scenario {
    /// `config` as one string, or as an array of lines (easier to read in a JSON file); absent: empty.
    private static func configText(_ keys: KeyedDecodingContainer<CodingKeys>) throws -> String {
        guard keys.contains(.config) else { return "" }
        do {
            return try keys.decode(String.self, forKey: .config)
        } catch DecodingError.typeMismatch {
            return try keys.decode([String].self, forKey: .config).map { $0 + "\n" }.joined()
        }
    }
}

/// How the Ghost hears of a workout the simulated user did.
public enum WorkoutReporting: String, Codable, Sendable {
    /// A wearable's data shows it (`workoutDetected`).
    case detected
    /// The user logs it (`vigorctl log`: `workoutRecorded`).
    case logged
    /// Nobody tells the Ghost: no wearable, no log.
    case none
}
