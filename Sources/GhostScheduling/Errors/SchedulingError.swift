import CivilCalendar
import GhostEngine

/// A failure of the scheduling brain for bad input, with a stable code and a human message.
public enum SchedulingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A setting or rule cannot work (e.g. a block longer than the day's allowed span).
    case invalidSetting(name: String, problem: String)
    /// A local time or day could not be formed in the user's calendar.
    case calendar(EngineError)
    /// The slot is not sacred, so there is nothing to clear.
    case slotNotSacred(SlotKey)
    /// No input needed by the recovery formula was present.
    case noRecoveryInputs(LocalDay)
    /// The engine refused an event a rule handed to a draft of the Ghost.
    case engine(EngineError)

    /// Stable machine-readable code.
    public var code: String {
        switch self {
        case .invalidSetting: "invalid-setting"
        case .calendar(let error): error.code
        case .slotNotSacred: "slot-not-sacred"
        case .noRecoveryInputs: "no-recovery-inputs"
        case .engine(let error): error.code
        }
    }

    /// One sentence for people.
    public var message: String {
        switch self {
        case .invalidSetting(let name, let problem): "The setting '\(name)' \(problem)."
        case .calendar(let error): error.message
        case .slotNotSacred(let slot): "\(slot) is not a sacred slot, so there is nothing to clear."
        case .noRecoveryInputs(let day): "No sleep, HRV or heart-rate value was given for \(day); training strain alone makes no recovery score."
        case .engine(let error): error.message
        }
    }

    public var description: String { message }
}
