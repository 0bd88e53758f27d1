import Foundation
import Synchronization

/// The zone stderr log lines are written in: the user's, as `[schedule] timezone` says now (a reload changes it).
public final class LogZone: Sendable {
    private let zone: Mutex<TimeZone>

    public init(_ zone: TimeZone) {
        self.zone = Mutex(zone)
    }

    public var current: TimeZone { zone.withLock { $0 } }

    /// From now on lines are written in `zone`.
    public func set(_ zone: TimeZone) {
        self.zone.withLock { $0 = zone }
    }
}
