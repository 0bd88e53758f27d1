import CLinuxScheduling
import Logging
import NIOCore

/// Short kernel time slices for the event-loop threads that answer the socket.
///
/// On Linux 6.12 and later the EEVDF scheduler lets a normal thread ask for a shorter slice; it then gets an
/// earlier deadline when it wakes, so a `status` request preempts a busy thread of the same priority (an
/// evening cycle's planning on the Swift pool) instead of waiting out that thread's slice. Older kernels
/// ignore the request. The priority is unchanged: the loops get no more CPU over a second, only sooner.
enum EventLoopTimeSlice {
    /// The slice asked for: a request costs 20–30 µs of CPU, so a loop seldom needs more than one slice.
    static let nanoseconds: UInt64 = 200_000

    /// Asks for the short slice on every thread of `group`; a refusal is logged and changes nothing else.
    static func request(on group: any EventLoopGroup, logger: Logger) {
        for loop in group.makeIterator() {
            loop.execute {
                let failure = vigor_request_time_slice(nanoseconds)
                if failure != 0 {
                    logger.warning("the kernel refused a shorter time slice for an event loop",
                                   metadata: ["errno": "\(failure)"])
                }
            }
        }
    }
}
