import Foundation
import Synchronization
import VigorRPC

/// The `status` result as JSON, kept for the rest of the second it was made in while nothing it reads has
/// changed. `status` is computed at whole seconds (its times and ages are whole seconds), so within one second
/// and one generation of each owner's facts the JSON is the same, byte for byte; a client polling `status`
/// then costs a copy instead of building and writing 45 fields.
final class StatusReplyCache: Sendable {
    /// Everything `status` depends on that can change while the daemon runs.
    struct Key: Equatable {
        var second: Int64
        var ghost: UInt64
        var state: UInt64
        var calendars: UInt64
    }

    private let kept = Mutex<(key: Key, result: PrewrittenJSON<DaemonStatus>)?>(nil)

    /// The kept result when `key` matches, otherwise `make()` (outside the lock), kept for later calls.
    func result(for key: Key, make: () throws -> PrewrittenJSON<DaemonStatus>) rethrows -> PrewrittenJSON<DaemonStatus> {
        if let hit = kept.withLock({ $0?.key == key ? $0?.result : nil }) { return hit }
        let made = try make()
        kept.withLock { $0 = (key, made) }
        return made
    }

    /// `now` rounded down to its whole second: the instant `status` is computed at.
    static func wholeSecond(_ now: Date) -> Date {
        Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }
}
