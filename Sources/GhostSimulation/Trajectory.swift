import CivilCalendar
import GhostEngine
import GhostScheduling

/// The day-by-day result of a simulation, ready to render as text or JSON.
public struct Trajectory: Codable, Sendable, Equatable {
    /// Scenario name.
    public let scenario: String
    /// Seed used.
    public let seed: UInt64
    /// One entry per simulated day.
    public let days: [DayRecord]
    /// Totals over the run.
    public let summary: TrajectorySummary
    /// The user stopped using vigord at the end of this day (`retention` rules): the run ends there. Nil: they stayed.
    public var left: Departure? = nil
    /// What setup's first plan showed; nil: the scenario models no setup.
    public var setup: SetupRecord? = nil
}

/// What happened on one simulated day, as of its end.
public struct DayRecord: Codable, Sendable, Equatable {
    /// 1-based day number.
    public let day: Int
    /// Local date, `YYYY-MM-DD`.
    public let date: String
    /// The user was travelling.
    public let travel: Bool
    public let trustPhase: TrustPhase
    public let trustScore: Double
    public let healthPhase: HealthPhase
    public let healthConfidence: Double
    public let ghostHealth: GhostHealthMode
    /// Blocks placed or proposed that day.
    public let blocks: [BlockRecord]
    /// Auto blocks the user deleted that day.
    public let deletions: Int
    /// Times the safety breaker fired that day.
    public let breakerFirings: Int
    /// Apologies the ghost made that day.
    public let apologies: [String]
    /// Trust-phase changes, e.g. `scheduler→autoScheduler (advanced)`.
    public let phaseChanges: [String]
    /// Health-phase changes, e.g. `baseline→adaptation`.
    public let healthChanges: [String]
    /// Triage questions asked and miss reasons resolved, e.g. `asked b3`, `b3: lifeHappened`.
    public let triage: [String]
    /// Morning changes the ghost only suggested (below Transformer), in words.
    public let suggestions: [String]
    /// Receipts issued that day.
    public let receipts: [ReceiptRecord]
    /// Every command or click the user made that day (`accept b3`, `decline b3`, `move b3`, `delete b3`, `revert b3`,
    /// `triage b3`, `checkin`, `log`, `trust set …`, `crashing`).
    public let interactions: [String]
    /// The workout the user did that day; nil: none.
    public let workout: WorkoutRecord?
    /// The evening's tally of tomorrow's training week (nil when it planned nothing: recovery time, unreadable
    /// calendars); not compared with vigord's days.
    public var week: WeekTally? = nil
    /// Questions the Ghost asked the user that day: proposals, move proposals, triage questions.
    public var questions = 0
}

/// A workout the simulated user did.
public struct WorkoutRecord: Codable, Sendable, Equatable {
    /// Done inside a block the Ghost placed (written or accepted) — a proactive session.
    public let inGhostBlock: Bool
    /// How the Ghost heard of it.
    public let reported: WorkoutReporting
    /// It took a command or click: the user logged it, or accepted the proposal it was done in.
    public let tookInput: Bool
    /// The day (1-based, maybe past the run's end) on which a late delivery brings its record to the Ghost; nil: the
    /// day it was done (the wearable syncs at once), or never (not detected).
    public let reachesGhostOnDay: Int?

    /// Creates a record.
    public init(inGhostBlock: Bool, reported: WorkoutReporting, tookInput: Bool, reachesGhostOnDay: Int? = nil) {
        self.inGhostBlock = inGhostBlock
        self.reported = reported
        self.tookInput = tookInput
        self.reachesGhostOnDay = reachesGhostOnDay
    }
}

/// A block as the trajectory shows it.
public struct BlockRecord: Codable, Sendable, Equatable {
    public let id: String
    /// Local start, `HH:MM`.
    public let start: String
    public let origin: ScheduledBlock.Origin
    /// Status at the end of the day.
    public let status: ScheduledBlock.Status
    /// What the session is for; absent for a block without a kind.
    public let kind: SessionKind?
}

/// A receipt as the trajectory shows it.
public struct ReceiptRecord: Codable, Sendable, Equatable {
    public let id: String
    public let action: DecisionAction
    public let inputHash: String
    public let reason: String
}

/// Totals over a run.
public struct TrajectorySummary: Codable, Sendable, Equatable {
    public let finalTrustPhase: TrustPhase
    public let finalTrustScore: Double
    public let finalHealthPhase: HealthPhase
    public let breakerFirings: Int
    public let deletions: Int
    public let blocksPlaced: Int
    public let receipts: Int
}
