#if canImport(Glibc)
import Glibc
#endif

/// A point in long calendar work where a thread at `SCHED_IDLE` hands its core back, at least every
/// 100 µs, to any normal thread waiting for it.
///
/// Why: under EEVDF (Linux 6.6 and later) a runnable idle-policy thread can be picked over a normal
/// thread that a wake-up has just preempted, and then keeps the core until the next wake-up or tick,
/// 1–4 ms later. `status` replies waited that long behind a parse; `sched_yield` is a scheduling point
/// the waiting thread wins (Docs/performance.md, "The evening cycle", session 10). On any other thread
/// a point does nothing.
struct IdleYield {
    /// How long an idle-policy thread may keep its core between scheduling points, in nanoseconds.
    static let interval: UInt64 = 100_000

    private let active: Bool
    private let clock: () -> UInt64
    private let yieldCore: () -> Void
    private var last: UInt64
    private var calls: UInt32 = 0

    /// Points for the calling thread: active when `WorkerPriority` lowered it to `SCHED_IDLE`.
    init() {
        self.init(active: WorkerPriority.callingThreadIsIdle, clock: Self.monotonicNanoseconds, yieldCore: { sched_yield() })
    }

    /// Points with their own clock and yield (tests).
    init(active: Bool, clock: @escaping () -> UInt64, yieldCore: @escaping () -> Void) {
        self.active = active
        self.clock = clock
        self.yieldCore = yieldCore
        last = active ? clock() : 0
    }

    /// Yields the core if `interval` has passed since the last yield. Cheap enough for every item of a
    /// loop: it reads the clock on every 8th call only.
    mutating func point() {
        guard active else { return }
        calls &+= 1
        guard calls & 7 == 0 else { return }
        if clock() &- last >= Self.interval {
            yieldCore()
            last = clock()
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
