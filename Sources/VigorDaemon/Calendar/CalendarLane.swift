import ICalendarKit
import Foundation
import Synchronization

/// Runs blocking calendar jobs one at a time, in order, on `CalendarThreads`. Background jobs (preparing
/// chunks nobody asked for yet) wait while any other job is queued, so a query waits for at most the one
/// background job already running. A lane holds no thread while it has nothing to do; when it runs out of
/// jobs it calls `whenIdle` on its thread before letting the thread go.
final class CalendarLane: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var background: [@Sendable () -> Void] = []
        var running = false
    }

    private let threads: CalendarThreads
    private let queue = Mutex(Queue())
    private let whenIdle: @Sendable () -> Void

    init(threads: CalendarThreads = .shared, whenIdle: @escaping @Sendable () -> Void = {}) {
        self.threads = threads
        self.whenIdle = whenIdle
    }

    /// Queues `job` behind the jobs already queued, ahead of every queued background job.
    func submit(_ job: @escaping @Sendable () -> Void) {
        enqueue(job, background: false)
    }

    /// Queues `job` behind every other job, to run when nothing else is waiting.
    func submitInBackground(_ job: @escaping @Sendable () -> Void) {
        enqueue(job, background: true)
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void, background: Bool) {
        let start = queue.withLock { queue -> Bool in
            if background {
                queue.background.append(job)
            } else {
                queue.jobs.append(job)
            }
            if queue.running { return false }
            queue.running = true
            return true
        }
        guard start else { return }
        threads.submit { [self] in
            while let job = next() { job() }
            whenIdle()
        }
    }

    /// Runs `body` in the lane and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: body()) }
        }
    }

    /// Runs `body` in the lane and returns its result or its error.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws(CalendarError) -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { () throws(CalendarError) in try body() }) }
        }
    }

    /// Returns once every job queued before the call, background jobs included, has finished.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            submitInBackground { continuation.resume() }
        }
    }

    /// The next job, or nil after marking the lane idle, under one lock so no job is left behind.
    private func next() -> (@Sendable () -> Void)? {
        queue.withLock { queue in
            if !queue.jobs.isEmpty { return queue.jobs.removeFirst() }
            if !queue.background.isEmpty { return queue.background.removeFirst() }
            queue.running = false
            return nil
        }
    }
}
