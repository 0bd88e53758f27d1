#if canImport(Glibc)
import Glibc
#endif

/// The priority of the threads that do calendar work (parsing, expansion, downloads): nice +10, below the
/// threads that answer the socket, so a parse that fills every core never delays a `status` reply.
public enum WorkerPriority {
    /// Nice value of calendar work threads.
    public static let nice: Int32 = 10

    /// Lowers the calling thread to `nice` (on Linux the nice value is per thread and `who` 0 is the calling
    /// thread). Raising a nice value is always allowed; should the kernel refuse, the work runs at normal priority.
    public static func lowerCallingThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
        #endif
    }
}
