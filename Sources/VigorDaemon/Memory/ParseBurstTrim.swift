import Synchronization

/// Hands freed memory back once a burst that parsed calendar files is over, and not after a query that
/// parsed nothing: a trim walks the whole heap under the allocator's locks, so it is kept for the bursts
/// that leave freed pages behind.
final class ParseBurstTrim: Sendable {
    private struct State {
        /// How many files the calendars have parsed so far, and that count at the last trim.
        var parses: @Sendable () -> Int = { 0 }
        var trimmedAt = 0
    }

    private let state = Mutex(State())

    /// Where the parse count comes from (the calendar reader in use).
    func watch(_ parses: @escaping @Sendable () -> Int) {
        state.withLock { $0.parses = parses }
    }

    /// Called when a calendar lane runs out of jobs: trims when files were parsed since the last trim.
    func laneWentIdle() {
        let parses = state.withLock { $0.parses }
        let count = parses()
        let due = state.withLock { state -> Bool in
            guard count != state.trimmedAt else { return false }
            state.trimmedAt = count
            return true
        }
        if due {
            FreedMemory.giveBack()
        }
    }
}
