import Foundation
import Synchronization
import VigorRPC

/// The wall clock with test hooks on: the real clock shifted at start (to `VIGORD_CLOCK_START`, then by
/// `VIGORD_CLOCK_OFFSET_HOURS`) and by every `debug.clock` move since, so a demo, a test or a benchmark can live
/// on another day than today. From there it runs at the real clock's pace.
public final class TestClock: Sendable {
    private let offset: Mutex<TimeInterval>

    public init(offsetHours: Double) {
        offset = Mutex(offsetHours * 3600)
    }

    /// A clock that reads `start` now (plus `offsetHours`) and runs on from there.
    public init(start: Date, offsetHours: Double = 0, realNow: Date = Date()) {
        offset = Mutex(start.timeIntervalSince(realNow) + offsetHours * 3600)
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

extension TestClock {
    /// The clock the environment asks for: nil without `VIGORD_TEST_HOOKS=1` (the variables below are then
    /// ignored); otherwise starting at `VIGORD_CLOCK_START` (RFC 3339 with an offset; the real time when unset)
    /// shifted by `VIGORD_CLOCK_OFFSET_HOURS` (default 0).
    public static func from(environment: [String: String]) throws(TestClockError) -> TestClock? {
        guard environment["VIGORD_TEST_HOOKS"] == "1" else { return nil }
        var hours = 0.0
        if let text = environment["VIGORD_CLOCK_OFFSET_HOURS"], !text.isEmpty {
            guard let value = Double(text), value.isFinite else { throw .invalidOffset(text) }
            hours = value
        }
        guard let text = environment["VIGORD_CLOCK_START"], !text.isEmpty else { return TestClock(offsetHours: hours) }
        guard let start = RPCTimestamp(rfc3339: text) else { throw .invalidStart(text) }
        return TestClock(start: start.date, offsetHours: hours)
    }
}

/// A test-hook clock variable vigord cannot read.
public enum TestClockError: Error, Equatable, CustomStringConvertible {
    case invalidStart(String)
    case invalidOffset(String)

    public var description: String {
        switch self {
        case .invalidStart(let text):
            "VIGORD_CLOCK_START='\(text)' is not an RFC 3339 instant with an offset (e.g. 2026-11-24T07:10:00+01:00)"
        case .invalidOffset(let text):
            "VIGORD_CLOCK_OFFSET_HOURS='\(text)' is not a number of hours (e.g. 48 or -1.5)"
        }
    }
}
