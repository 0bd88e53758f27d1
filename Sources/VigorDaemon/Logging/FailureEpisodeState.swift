import Foundation

/// A kind of work that can fail for a while (writing vigord's calendar, saving its state): since when and why it
/// fails, if it does, and how many episodes of failure began since vigord started. `status` shows it as
/// `calendarWrites` and `storage`.
public struct FailureEpisodeState: Sendable, Equatable {
    /// When the running episode began; nil while the work succeeds.
    public var failingSince: Date?
    /// Why the running episode fails; nil while the work succeeds.
    public var reason: String?
    /// Episodes since vigord started.
    public var failedEpisodes = 0

    /// Whether the work succeeds now.
    public var ok: Bool { failingSince == nil }
}
