import ICalendarKit
import Foundation
import NIOPosix
import Synchronization

/// The threads that run blocking calendar work (libical parsing, expansion, downloads): one `NIOThreadPool`
/// for the process, at normal priority, so the async pool and the socket's event loops never block on it.
/// It is also the calendar module's `ParallelLoop`: a loop over files fans out over the same threads.
final class CalendarThreads: ParallelLoop {
    /// The process's pool: every `CalendarHost` shares it, and it lives as long as the process.
    static let shared = CalendarThreads(threads: ProcessInfo.processInfo.activeProcessorCount + 2)

    private let pool: NIOThreadPool
    /// How many threads one loop may use (the caller's included): one per core.
    private let width: Int

    /// A started pool of `threads` threads: room for a query, a download and a loop across every core.
    init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        width = max(1, threads - 2)
    }

    /// Queues `job` on the pool; jobs of one `CalendarLane` never overlap, jobs of different lanes may.
    func submit(_ job: @escaping @Sendable () -> Void) {
        pool.submit { _ in job() }
    }

    /// Runs the iterations on up to `width` threads: the calling thread takes indexes too, so the loop
    /// finishes even while every other pool thread is busy.
    func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1, width > 1 else { return (0..<count).map(body) }
        let loop = SharedLoop<T>(count: count, body: body)
        for _ in 1..<min(count, width) {
            pool.submit { _ in loop.work() }
        }
        loop.work()
        return loop.results()
    }
}

/// The indexes of one `map` call, taken one at a time by whichever thread asks next.
private final class SharedLoop<T: Sendable>: Sendable {
    private struct Progress {
        var next = 0
        var finished = 0
        var results: [T?]
    }

    private let count: Int
    private let body: @Sendable (Int) -> T
    private let progress: Mutex<Progress>
    private let allFinished = DispatchSemaphore(value: 0)

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.body = body
        progress = Mutex(Progress(results: Array(repeating: nil, count: count)))
    }

    /// Takes indexes until none is left.
    func work() {
        while let index = progress.withLock({ progress -> Int? in
            guard progress.next < count else { return nil }
            progress.next += 1
            return progress.next - 1
        }) {
            let result = body(index)
            let last = progress.withLock { progress -> Bool in
                progress.results[index] = result
                progress.finished += 1
                return progress.finished == count
            }
            if last { allFinished.signal() }
        }
    }

    /// Waits until every index has its result and returns them in index order.
    func results() -> [T] {
        allFinished.wait()
        return progress.withLock { $0.results.compactMap { $0 } }
    }
}
