#if canImport(Glibc)
import Glibc
#endif

/// The priority of the threads that do calendar work (parsing, expansion, downloads): Linux's `SCHED_IDLE`
/// policy, so they run on cores nothing else wants and a waking socket thread preempts them at once.
///
/// Measured (Docs/performance.md, "The evening cycle"): with nice +10 alone, `status` still waited up to
/// 4 ms behind a parse; with `SCHED_IDLE`, p99 stayed under 1 ms. The price: while every core is busy with
/// other work, calendar work gets only a sliver of CPU (a cycle waits, nothing is lost).
public enum WorkerPriority {
    /// Nice value set first, in case the kernel refuses the idle policy.
    public static let nice: Int32 = 10
    /// Linux's `SCHED_IDLE` (sched.h); Glibc's module does not export the macro.
    public static let idlePolicy: Int32 = 5

    /// Lowers the calling thread (on Linux, nice value and policy are per thread and 0 names the calling
    /// thread). Lowering is always allowed to an unprivileged process; should the kernel refuse anyway, the
    /// work runs at the priority it had.
    public static func lowerCallingThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, idlePolicy, &parameters)
        #endif
    }
}
