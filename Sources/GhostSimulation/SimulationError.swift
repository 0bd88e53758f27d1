import GhostEngine
import GhostScheduling

/// A scenario that ran into an engine error while simulating.
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based simulated day; 0: setup, the evening before day 1.
    public let day: Int
    /// The engine's error.
    public let engineError: EngineError

    public var description: String {
        "day \(day): \(engineError.message)"
    }
}

extension SchedulingError {
    /// The engine error a simulation reports for a slot-finder failure (same code family and message).
    var engineError: EngineError {
        switch self {
        case .calendar(let error), .engine(let error): error
        case .invalidSetting(let name, let problem): .invalidRule(name: name, problem: problem)
        case .slotNotSacred, .noRecoveryInputs: .invalidRule(name: "scheduling", problem: message)
        }
    }
}
