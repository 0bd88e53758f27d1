import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// One moment of a simulated day: the clock moves to `at` (the engine hears the time, as vigord's cycle service tells
/// it after every clock change) and the user or a cycle does `action`. The steps of a run are what a driver replays
/// against the real vigord (`vigor-sim versus-daemon`).
public struct SimulatedStep: Sendable, Equatable {
    /// The instant of the step.
    public let at: Date
    /// What happens then.
    public let action: StepAction

    /// Creates a step.
    public init(at: Date, action: StepAction) {
        self.at = at
        self.action = action
    }
}

/// What happens at a step, as the command that does it to vigord.
public enum StepAction: Sendable, Equatable {
    /// `cycle.run morning`.
    case morningCycle
    /// `cycle.run evening`.
    case eveningCycle
    /// Only the clock moves (vigord ticks).
    case clock
    /// `vigorctl accept BLOCK` or `vigorctl decline BLOCK`.
    case answerProposal(block: String, accept: Bool)
    /// `vigorctl checkin --felt ok`.
    case checkIn
    /// `vigorctl import FILE` of these readings (JSON Lines): a wearable's sync, or a workout it detected.
    case importReadings([HealthSample])
    /// `vigorctl log --at START --minutes MINUTES`.
    case logWorkout(start: Date, minutes: Int)
    /// `vigorctl triage answer BLOCK --reason REASON`.
    case answerTriage(block: String, reason: MissReason)
    /// `vigorctl trust set PHASE` (`auto`: nil).
    case setTrust(TrustPhase?)
    /// `vigorctl crashing --minutes MINUTES --no-guide`.
    case crashing(minutes: Int)
    /// `vigorctl keep BLOCK` or `vigorctl revert BLOCK`: the morning's change of a block kept or reverted.
    case answerTransformation(block: String, kept: Bool)
    /// The user deletes the block's event from vigord's own calendar (its file in the `vigor` collection).
    case deleteBlock(block: String)
    /// Meetings land on the user's calendar (written into a calendar file vigord reads); vigord re-plans.
    case meetingsLanded([BusyInterval])
    /// `cycle.run evening` while one of the user's calendars cannot be read (the file is malformed for the evening).
    case eveningCycleWithUnreadableCalendar
    /// `vigorctl plan --hold week`: the weekly question's yes (its button runs the same).
    case holdWeek
    /// `vigorctl plan --sessions COUNT`: the yes to the weekly receipt's suggestion (its button runs the same).
    case planSessions(Int)
    /// Something the simulator does that no command reproduces yet, in words (`a deletion of b3`).
    case notReplayable(String)
}
