/// Numbers of ghost health (the daemon's own reliability).
public struct GhostHealthRules: Codable, Sendable, Equatable {
    /// Counted failures at which the ghost becomes degraded.
    public var degradedAfterFailures = 2
    /// Counted failures at which the ghost enters safe mode.
    public var safeModeAfterFailures = 5
    /// Counted failures at which the ghost suspends itself.
    public var suspendedAfterFailures = 10
    /// Consecutive successes that lift the ghost one mode up.
    public var successesToRecover = 3
    /// While healthy, failures count together only this close: a failure more than this many hours after the last
    /// one starts the count again.
    public var failureWindowHours = 24.0

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = GhostHealthRules()
        degradedAfterFailures = try keys.value(.degradedAfterFailures, or: standard.degradedAfterFailures)
        safeModeAfterFailures = try keys.value(.safeModeAfterFailures, or: standard.safeModeAfterFailures)
        suspendedAfterFailures = try keys.value(.suspendedAfterFailures, or: standard.suspendedAfterFailures)
        successesToRecover = try keys.value(.successesToRecover, or: standard.successesToRecover)
        failureWindowHours = try keys.value(.failureWindowHours, or: standard.failureWindowHours)
    }
}
