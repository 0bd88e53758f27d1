#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

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

    private static let refusal = Mutex<String?>(nil)

    /// Marks threads the kernel put at `SCHED_IDLE` (a thread-specific value: read on every `IdleYield`).
    /// Nil if the process ran out of keys; idle threads then never yield, which costs latency, not work.
    private static let idleThreadKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether the calling thread was lowered to `SCHED_IDLE` here (so `IdleYield` points apply to it).
    static var callingThreadIsIdle: Bool {
        guard let key = idleThreadKey else { return false }
        return pthread_getspecific(key) != nil
    }

    /// Why the kernel refused to lower a worker thread, the first time it did (nil: it never refused).
    /// A seccomp filter without `setpriority` or `sched_setscheduler` (systemd's `~@resources`) refuses
    /// with EPERM; the work then runs at normal priority, so the daemon reports it.
    public static var firstRefusal: String? { refusal.withLock { $0 } }

    /// Makes the calling thread a calendar worker: names it, for Foundation and for the kernel (`top -H`,
    /// `perf`), and lowers it.
    public static func becomeWorker(named name: String) {
        Thread.current.name = name
        nameCallingThreadForTheKernel(name)
        lowerCallingThread()
    }

    /// Gives the calling thread's name to the kernel itself, which keeps its first 15 bytes. Foundation's
    /// setter passes it on only when it already knows the thread as current, which a thread started a
    /// moment before may not be (under load the kernel kept the creator's name), and not at all for names
    /// over 15 bytes (`pthread_setname_np` refuses them). Glibc's module does not export that call, so
    /// the name is written to the thread's `comm` file; without /proc the thread stays unnamed.
    static func nameCallingThreadForTheKernel(_ name: String) {
        #if os(Linux)
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let kept = Array(name.utf8.prefix(15))
        _ = kept.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        #endif
    }

    /// Lowers the calling thread (on Linux, nice value and policy are per thread and 0 names the calling
    /// thread). Lowering is always allowed to an unprivileged process, unless a seccomp filter forbids the
    /// calls; then the work runs at the priority it had and `firstRefusal` says why.
    static func lowerCallingThread() {
        #if os(Linux)
        if setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) != 0 {
            record("setpriority", errno)
        }
        var parameters = sched_param(sched_priority: 0)
        if sched_setscheduler(0, idlePolicy, &parameters) != 0 {
            record("sched_setscheduler(SCHED_IDLE)", errno)
        } else if let key = idleThreadKey {
            pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        }
        #endif
    }

    private static func record(_ call: String, _ code: Int32) {
        let message = "\(call) was refused: \(String(cString: strerror(code)))"
        refusal.withLock { $0 = $0 ?? message }
    }
}
