import Foundation

/// A source of calendar time injected into whoever drives the engine.
/// The engine itself never asks the system for the time; it only receives `Date` values.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// A wall clock that returns a time you set and advance by hand (tests, simulation).
/// Deterministic: it never reads the system clock.
public struct ManualWallClock: WallClock, Sendable, Equatable {
    /// The instant `now()` returns.
    public var current: Date

    /// Creates a clock frozen at `current`.
    public init(current: Date) {
        self.current = current
    }

    public func now() -> Date {
        current
    }

    /// Moves the clock forward (or back, with a negative interval).
    public mutating func advance(by interval: TimeInterval) {
        current = current.addingTimeInterval(interval)
    }
}
