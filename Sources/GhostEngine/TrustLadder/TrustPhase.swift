/// The rungs of the trust ladder, from learning only to acting fully on the user's behalf.
/// Ordered: a later case means more autonomy.
public enum TrustPhase: String, Codable, Sendable, CaseIterable, Comparable {
    case observer
    case scheduler
    case autoScheduler
    case transformer
    case fullGhost

    /// The name people see.
    public var displayName: String {
        switch self {
        case .observer: "Observer"
        case .scheduler: "Scheduler"
        case .autoScheduler: "Auto-Scheduler"
        case .transformer: "Transformer"
        case .fullGhost: "Full Ghost"
        }
    }

    /// What the ghost may do in this phase.
    public var capabilities: TrustCapabilities {
        switch self {
        case .observer: .observeOnly
        case .scheduler: TrustCapabilities(canPropose: true)
        case .autoScheduler: TrustCapabilities(canPropose: true, canWriteCalendar: true)
        case .transformer: TrustCapabilities(canPropose: true, canWriteCalendar: true, canTransform: true)
        case .fullGhost:
            TrustCapabilities(canPropose: true, canWriteCalendar: true, canTransform: true, canMove: true)
        }
    }

    private var rank: Int {
        TrustPhase.allCases.firstIndex(of: self) ?? 0
    }

    /// The phase one rung up, or nil at the top.
    public var next: TrustPhase? {
        let all = TrustPhase.allCases
        return rank + 1 < all.count ? all[rank + 1] : nil
    }

    /// The phase one rung down, or nil at the bottom.
    public var previous: TrustPhase? {
        rank > 0 ? TrustPhase.allCases[rank - 1] : nil
    }

    public static func < (lhs: TrustPhase, rhs: TrustPhase) -> Bool {
        lhs.rank < rhs.rank
    }
}
