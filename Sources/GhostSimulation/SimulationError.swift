import GhostEngine

/// A scenario that ran into an engine error while simulating.
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based simulated day.
    public let day: Int
    /// The engine's error.
    public let engineError: EngineError

    public var description: String {
        "day \(day): \(engineError.message)"
    }
}
