import NIOCore

/// Runs a task's jobs on one NIO event loop. A connection's task prefers its channel's loop, so
/// a request is read, answered (default actors follow the preference) and written on one thread,
/// without hops to the cooperative pool and back.
final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        loop.execute {
            unowned.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
