import Synchronization

/// Hands freed memory back once a burst that parsed calendar files is over, at most once per `spacing` (shared by
/// the whole process). A trim walks the whole heap under the allocator's locks, so it is kept for the bursts that
/// leave freed pages behind, and a burst that comes too soon after a trim is trimmed at the first idle moment once
/// the spacing has passed.
final class ParseBurstTrim: Sendable {
    private struct State {
        /// How many files the calendars have parsed so far, and that count at the last trim.
        var parses: @Sendable () -> Int = { 0 }
        var trimmedAt = 0
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Duration
    private let spacing: TrimSpacing
    private let giveBack: @Sendable () -> Void

    /// `now`: a monotonic clock; `giveBack`: the trim itself.
    init(spacing: TrimSpacing = .processWide, now: @escaping @Sendable () -> Duration = ParseBurstTrim.uptime,
         giveBack: @escaping @Sendable () -> Void = FreedMemory.giveBack) {
        self.spacing = spacing
        self.now = now
        self.giveBack = giveBack
    }

    /// Where the parse count comes from (the calendar reader in use).
    func watch(_ parses: @escaping @Sendable () -> Int) {
        state.withLock { $0.parses = parses }
    }

    /// Called when the calendar lane runs out of jobs: trims when files were parsed since the last trim and
    /// the process's last trim is the spacing ago.
    func laneWentIdle() {
        let parses = state.withLock { $0.parses }
        let count = parses()
        let moment = now()
        let due = state.withLock { state -> Bool in
            guard count != state.trimmedAt, spacing.claim(at: moment) else { return false }
            state.trimmedAt = count
            return true
        }
        if due {
            giveBack()
        }
    }

    /// Time since an arbitrary fixed point, from the monotonic clock.
    @Sendable static func uptime() -> Duration {
        ContinuousClock.now - origin
    }

    private static let origin = ContinuousClock.now
}
