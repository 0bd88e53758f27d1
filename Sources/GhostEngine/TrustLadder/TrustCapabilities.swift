/// What the ghost is allowed to do; derived from the trust phase and narrowed by ghost health.
/// The ghost always observes and learns, so that is not a flag.
public struct TrustCapabilities: Codable, Sendable, Equatable {
    /// May suggest blocks the user accepts or declines.
    public var canPropose: Bool
    /// May write blocks to the calendar without asking.
    public var canWriteCalendar: Bool
    /// May transform or remove existing blocks on morning signals.
    public var canTransform: Bool
    /// May move blocks the user accepted, and move blocks on its own initiative (Full Ghost); its own
    /// blocks come off a conflict with `canWriteCalendar`.
    public var canMove: Bool

    /// Creates a capability set; anything not named is denied.
    public init(
        canPropose: Bool = false, canWriteCalendar: Bool = false, canTransform: Bool = false,
        canMove: Bool = false
    ) {
        self.canPropose = canPropose
        self.canWriteCalendar = canWriteCalendar
        self.canTransform = canTransform
        self.canMove = canMove
    }

    /// Learns only; never touches the calendar.
    public static let observeOnly = TrustCapabilities()

    /// Only what both sets allow.
    public func intersection(_ other: TrustCapabilities) -> TrustCapabilities {
        TrustCapabilities(
            canPropose: canPropose && other.canPropose,
            canWriteCalendar: canWriteCalendar && other.canWriteCalendar,
            canTransform: canTransform && other.canTransform,
            canMove: canMove && other.canMove
        )
    }
}
