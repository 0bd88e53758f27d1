/// How well the ghost itself is running, from healthy to suspended.
/// Ordered: a later case is worse.
public enum GhostHealthMode: String, Codable, Sendable, CaseIterable, Comparable {
    case healthy
    case degraded
    case safeMode
    case suspended

    /// The name people see.
    public var displayName: String {
        switch self {
        case .healthy: "Healthy"
        case .degraded: "Degraded"
        case .safeMode: "Safe mode"
        case .suspended: "Suspended"
        }
    }

    /// The most the ghost may do in this mode; intersected with the trust phase's capabilities.
    /// Degraded keeps scheduling but stops changing existing blocks; safe mode only suggests; suspended only observes.
    public var allowed: TrustCapabilities {
        switch self {
        case .healthy:
            TrustCapabilities(canPropose: true, canWriteCalendar: true, canTransform: true, canMove: true)
        case .degraded: TrustCapabilities(canPropose: true, canWriteCalendar: true)
        case .safeMode: TrustCapabilities(canPropose: true)
        case .suspended: .observeOnly
        }
    }

    /// Whether the ghost may change blocks already on the calendar (transform, move off a conflict):
    /// only when healthy; degraded keeps scheduling new blocks but leaves existing ones alone.
    public var changesExistingBlocks: Bool {
        self == .healthy
    }

    /// What the ghost tells the user when it enters this mode: the seed's words for degraded and suspended (its
    /// "Tap to check settings" becomes the command that shows them on Linux), ours in the same voice for the rest.
    public func sentence(enteringFrom previous: GhostHealthMode) -> String {
        switch self {
        case .healthy:
            "Everything is running normally again."
        case .degraded where previous < self:
            "I'm having trouble running in the background. Things may be delayed."
        case .degraded:
            "Things are working better. I'll keep scheduling but won't change existing blocks yet."
        case .safeMode where previous < self:
            "Too many things are failing, so I'll only suggest changes until they work again."
        case .safeMode:
            "I'm recovering. I'll suggest changes, but not write to your calendar yet."
        case .suspended:
            "I've paused to avoid causing problems. Run `vigorctl status` to check settings."
        }
    }

    private var rank: Int {
        GhostHealthMode.allCases.firstIndex(of: self) ?? 0
    }

    public static func < (lhs: GhostHealthMode, rhs: GhostHealthMode) -> Bool {
        lhs.rank < rhs.rank
    }
}
