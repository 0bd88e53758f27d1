import CLibical
import Foundation
import Synchronization

/// Serialises every libical call that touches process-wide state.
///
/// libical 3.0 keeps its timezone tables and each zone's lazily expanded transition cache in
/// shared, unlocked memory. Parsing text into components is safe in parallel, and so is
/// recurrence iteration on floating wall times (each `icalrecur_iterator` owns its state);
/// UTC-offset queries of a file's own VTIMEZONE zones go through `run` (`ZoneHandle` caches
/// offsets in Swift and asks libical only on a miss). System zones never reach libical
/// (`ZoneinfoRules`).
enum LibicalRuntime {
    private static let serial = Mutex(())
    private static let setUp: Void = {
        icalerror_set_errors_are_fatal(0)
        icaltimezone_set_builtin_tzdata(0)
    }()

    /// Runs `body` with the libical global lock held (re-entrancy is not supported).
    static func run<T>(_ body: () -> T) -> T {
        _ = setUp
        return serial.withLock { _ in body() }
    }

    /// One-time configuration; safe to call from any thread before parsing.
    static func prepare() {
        _ = setUp
    }
}
