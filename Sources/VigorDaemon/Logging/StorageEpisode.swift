import Foundation

/// Whether vigord can save its state: one episode for every write that fails, of any kind (a request, a cycle, the
/// engine's tick, the notification inbox, an import), from the first write that fails to the next write that saves.
/// Pure state; `FailureLog` logs and counts it.
struct StorageEpisode: Equatable {
    /// The running episode: when it began and the first write's reason.
    private(set) var failing: (since: Date, reason: String)?
    /// Episodes since vigord started.
    private(set) var episodes = 0
    /// Episodes not yet counted toward ghost health: counting saves the Ghost's state, which waits for the disk.
    private(set) var uncounted = 0

    static func == (lhs: StorageEpisode, rhs: StorageEpisode) -> Bool {
        lhs.failing?.since == rhs.failing?.since && lhs.failing?.reason == rhs.failing?.reason
            && lhs.episodes == rhs.episodes && lhs.uncounted == rhs.uncounted
    }

    /// A write failed for `reason`; true when that began an episode (a later failure with another reason is the same one).
    mutating func failed(reason: String, at now: Date) -> Bool {
        guard failing == nil else { return false }
        failing = (now, reason)
        episodes += 1
        uncounted += 1
        return true
    }

    /// A write saved; the reason of the episode it ended, if one was running.
    mutating func saved() -> String? {
        defer { failing = nil }
        return failing?.reason
    }

    /// Takes the episodes still to count (once the state can be saved again).
    mutating func takeUncounted() -> Int {
        defer { uncounted = 0 }
        return failing == nil ? uncounted : 0
    }
}
