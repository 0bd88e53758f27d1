/// Calls a progress callback at most about ten times a second, plus once at the end.
struct ProgressThrottle {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private let interval = Duration.milliseconds(100)

    init() {
        last = clock.now
    }

    mutating func report(_ done: Int64, of total: Int64, to progress: (Int64, Int64) -> Void) {
        let now = clock.now
        guard now - last >= interval else { return }
        last = now
        progress(done, total)
    }
}
