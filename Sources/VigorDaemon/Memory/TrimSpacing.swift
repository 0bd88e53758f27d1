import Synchronization

/// The minimum time between two heap trims. A trim is process-wide (it walks every arena under the allocator's
/// locks), so every calendar host of a process shares one spacing: `processWide`.
final class TrimSpacing: Sendable {
    /// The spacing every trim of this process keeps.
    static let processWide = TrimSpacing(minimum: .seconds(30))

    let minimum: Duration
    private let lastTrim = Mutex<Duration?>(nil)

    init(minimum: Duration) {
        self.minimum = minimum
    }

    /// Takes the next trim at `moment` when the last one is `minimum` ago (or there was none); false otherwise.
    func claim(at moment: Duration) -> Bool {
        lastTrim.withLock { last in
            if let last, moment - last < minimum { return false }
            last = moment
            return true
        }
    }
}
