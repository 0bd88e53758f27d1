import Foundation
import Synchronization

/// The wall clock with test hooks on: the real clock shifted by `VIGORD_CLOCK_OFFSET_HOURS` at start and by
/// every `debug.clock` move since, so a demo or a benchmark can live on another day than today.
public final class TestClock: Sendable {
    private let offset: Mutex<TimeInterval>

    public init(offsetHours: Double) {
        offset = Mutex(offsetHours * 3600)
    }

    /// The shifted time.
    public func now() -> Date {
        Date().addingTimeInterval(offset.withLock { $0 })
    }

    /// Moves the clock forward by `hours` and returns the new time.
    public func advance(hours: Double) -> Date {
        offset.withLock { $0 += hours * 3600 }
        return now()
    }
}
