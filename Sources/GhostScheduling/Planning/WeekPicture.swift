import CivilCalendar
import Foundation
import GhostEngine

/// Everything a planning decision looks at, as plain values: the days planned, what the calendars say about them
/// (busy time with its causes, unreadable days, travel evidence, protected personal events), the Ghost (its blocks,
/// sacred slots, history and trust phase), the signals of the last nights, and the user's settings and rules in
/// force. The daemon reads it from its calendars and store (`WeekPictureReader`), the simulator from a scenario;
/// both hand it to the same planning functions (`EveningPlan`, `MorningPlan`, `Replanning`, `HistoryReading`).
public struct WeekPicture: Sendable {
    /// The user's calendar (zone).
    public var calendar: LocalCalendar
    /// The local day the decision is made on (the evening's or morning's date, or today when re-planning).
    public var today: LocalDay
    /// First day planned: tomorrow in the evening, today in the morning and when re-planning.
    public var firstDay: LocalDay
    /// Number of days the picture covers from `firstDay`.
    public var days: Int
    /// Busy time of those days, each interval naming what covers it (`'Standup' (work)`).
    public var busy: [BusyInterval]
    /// Why no busy time could be read at all; nil when the calendars were read (some sources may have failed).
    public var calendarFailure: String?
    /// Names of the calendar sources that could not be read: their days are unknown.
    public var failedSources: [String]
    /// Days whose calendar could not be read: blocks there are proposals at most.
    public var unknownDays: [LocalDay]
    /// Travel days the user set by hand (`travel.set`).
    public var manualTravelDays: [LocalDay]
    /// What the calendars and the system zone say about travel; `TravelDetector` turns it into days.
    public var travelEvidence: [TravelEvidence]
    /// Recurring events sacred time protects.
    public var personalEvents: [PersonalEvent]
    /// The Ghost as it stands: blocks, sacred slots, history, trust phase.
    public var ghost: Ghost
    /// True when the user's recovery time (the red button) reaches into `firstDay`.
    public var recoveryTimeIntoFirstDay: Bool
    /// The health signals and check-ins of the last weeks, digested.
    public var signals: SignalDigest
    /// The user's training settings (`[training]`), as the plan follows their own training (`following`): the sessions
    /// a week it asks for and their own hours.
    public var settings: TrainingSettings
    /// What the plan follows of the user's own training, and why (`PlanFollowing`).
    public var following: PlanFollowing.Adjustment
    /// How hard the sessions are (`[training] intensity`).
    public var intensity: SessionIntensity
    /// The scheduling rules in force (`[engine]`).
    public var rules: SchedulingRules
    /// The user's equipment and injuries (`[profile]`), which decide the kinds of session.
    public var profile: TrainingProfile
    /// Days of the last 90 the calendars and health data show (`ReadableHistory`); read only while the Ghost is an
    /// Observer (nil otherwise), whose week counts them.
    public var readableHistoryDays: Int?
    /// Days the user held (`vigorctl plan --hold`, or their yes to the week's holds): the plan keeps them while they
    /// have room. The daemon and the simulator read them from their hold book at the evening.
    public var heldDays: [LocalDay] = []
    /// Days the user released: the plan uses them only when the week has no other room.
    public var releasedDays: [LocalDay] = []
    /// The sessions a Scheduler accepted with the week (the hold book's): the evening writes them without a question.
    /// Given at `init`, where it also keeps the plan from stepping back while accepted sessions lie ahead.
    public private(set) var weekAcceptance: WeekAcceptance?

    /// Days of health readings and check-ins a picture's signals look back over, up to the end of `today` (a 30-day
    /// baseline needs the 30 days before the morning).
    public static let signalHistoryDays = 31

    /// Creates a picture; everything but the days, the Ghost and the settings is optional. The settings are followed as
    /// `PlanFollowing` says, from the Ghost's workouts and a Scheduler's `agreedSessions` and `weekAcceptance` (a week
    /// the user said yes to keeps its sessions: the plan steps back only after them).
    public init(
        calendar: LocalCalendar, today: LocalDay, firstDay: LocalDay, days: Int, ghost: Ghost, settings: PlanningSettings,
        busy: [BusyInterval] = [],
        calendarFailure: String? = nil, failedSources: [String] = [], unknownDays: [LocalDay] = [],
        manualTravelDays: [LocalDay] = [], travelEvidence: [TravelEvidence] = [], personalEvents: [PersonalEvent] = [],
        recoveryTimeIntoFirstDay: Bool = false, signals: SignalDigest? = nil, agreedSessions: AgreedSessions? = nil,
        weekAcceptance: WeekAcceptance? = nil
    ) {
        self.calendar = calendar
        self.today = today
        self.firstDay = firstDay
        self.days = days
        self.ghost = ghost
        let following = PlanFollowing.adjust(
            settings, ghost: ghost, today: today, agreed: agreedSessions,
            acceptedAhead: weekAcceptance?.sessions.contains { $0.day >= firstDay } == true)
        self.weekAcceptance = weekAcceptance
        var training = settings.training
        training.sessionsPerWeek = following.sessionsPerWeek
        training.ownHours = following.ownHours?.window
        self.following = following
        self.settings = training
        self.rules = settings.rules
        self.intensity = settings.intensity
        self.profile = settings.profile
        self.busy = busy
        self.calendarFailure = calendarFailure
        self.failedSources = failedSources
        self.unknownDays = unknownDays
        self.manualTravelDays = manualTravelDays
        self.travelEvidence = travelEvidence
        self.personalEvents = personalEvents
        self.recoveryTimeIntoFirstDay = recoveryTimeIntoFirstDay
        self.signals = signals ?? SignalDigest(calendar: calendar, samples: [])
    }

    /// The days covered, in order.
    public var dayList: [LocalDay] { (0..<max(0, days)).map { firstDay.adding(days: $0) } }

    /// The readable history told to the engine, before anything is placed: an Observer counts it towards its week.
    public var historyEvents: [GhostEvent] { readableHistoryDays.map { [.historyRead(days: $0)] } ?? [] }

    /// The trust phase the engine is in.
    public var trustPhase: TrustPhase { ghost.trust.phase }

    /// The kind of the session a block on `day` would get, given the Ghost's sessions and `planned` (more sessions by
    /// day, e.g. the forecast's earlier days).
    public func sessionKind(on day: LocalDay, planned: [LocalDay: SessionKind] = [:]) -> SessionKindChoice {
        SessionKindChoice.choose(
            on: day, minutes: settings.durationMinutes, profile: profile,
            sessions: SessionKindChoice.sessions(of: ghost).merging(planned) { ghost, _ in ghost })
    }

    /// The finished sessions the pattern rules learn from.
    public var history: [SessionOutcome] { SessionOutcome.history(of: ghost) }

    /// The Ghost's blocks still ahead of the user: scheduled or proposed.
    public var plannedBlocks: [ScheduledBlock] { ghost.blocks.filter { [.scheduled, .proposed].contains($0.status) } }

    /// Starts of the sessions the week already had: the Ghost's blocks done or missed (their time passed: a missed
    /// session is not placed again). A workout on one's own is not one of the week's sessions: the plan keeps its
    /// promise beside it, and the weekly receipt counts it.
    public var pastSessions: [Date] {
        ghost.blocks.filter { [.completed, .missed].contains($0.status) }.map(\.start)
    }

    /// Last night's sleep in minutes (the night before `today`), nil without sleep data.
    public func lastNightSleepMinutes() throws(EngineError) -> Int? {
        try signals.recoveryInputs(on: today).sleepMinutes.map { Int($0.value.rounded()) }
    }

    /// The travel days among the picture's days: set by hand or detected from the evidence, and the detector's reasons
    /// per detected day (`2026-11-24 (all-day event "Flight")`).
    public func travel() throws(SchedulingError) -> (days: [LocalDay], reasons: [String]) {
        let covered = Set(dayList)
        let detected = try TravelDetector.travelDays(from: travelEvidence, home: calendar, rules: rules.travel)
            .filter { covered.contains($0.day) }
        let days = Set(manualTravelDays.filter(covered.contains)).union(detected.map(\.day)).sorted()
        return (days, detected.map { "\($0.day) (\($0.reasons.joined(separator: ", ")))" })
    }

    /// The slot finder for the user's settings and the rules in force.
    public func slotFinder() throws(SchedulingError) -> SlotFinder {
        try SlotFinder(calendar: calendar, settings: settings, rules: rules)
    }

    /// The slot finder's request over the picture's days; `existingSessions` are the sessions whose days are taken,
    /// `slotPreferences` and `skipPredictions` what the pattern rules learned (none when only checking a block).
    public func slotRequest(
        travelDays: [LocalDay], existingSessions: [Date], slotPreferences: [SlotPreference] = [],
        skipPredictions: [DaySkipPrediction] = []
    ) -> SlotRequest {
        SlotRequest(
            firstDay: firstDay, days: days, busy: busy, unknownDays: unknownDays, travelDays: travelDays,
            personalEvents: personalEvents, sacredSlots: ghost.triage.sacredSlots, slotPreferences: slotPreferences,
            skipPredictions: skipPredictions, existingSessions: existingSessions, pastSessions: pastSessions,
            heldDays: heldDays, releasedDays: releasedDays,
            missedSessions: ghost.blocks.filter { $0.status == .missed }.map(\.start))
    }
}
