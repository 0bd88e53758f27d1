import Foundation

/// Runs independent pieces of work on all cores and returns their results in index order.
///
/// The work runs on threads of its own at `WorkerPriority`, never on the dispatch or Swift concurrency
/// pools: a calendar parse that fills every core must not keep the daemon from answering `status` (on
/// 2 cores, parsing on the shared pools stalled replies for half a second).
enum ParallelMap {
    /// The workers' thread name, as `top -H` and `perf` show it (unnamed, they took their creator's).
    static let workerName = "calendar parse"

    static func map<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T?] {
        guard count > 0 else { return [] }
        let slots = Slots<T>(count: count)
        let workers = min(count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        withoutActuallyEscaping(body) { body in
            // The threads hold the box, not the closure, so nothing keeps the closure once the box lets go.
            let work = WorkBox(body)
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<workers {
                Thread { [work] in
                    WorkerPriority.becomeWorker(named: workerName)
                    while let index = slots.claim(), let body = work.body {
                        slots.set(index, body(index))
                    }
                    finished.signal()
                }.start()
            }
            for _ in 0..<workers { finished.wait() }
            work.body = nil
        }
        return slots.values()
    }

    /// The work closure, dropped when every worker has finished.
    private final class WorkBox<T>: @unchecked Sendable {
        var body: (@Sendable (Int) -> T)?
        init(_ body: @escaping @Sendable (Int) -> T) { self.body = body }
    }

    private final class Slots<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]
        private var next = 0

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        /// The next index nobody has taken, nil when all are taken.
        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func set(_ index: Int, _ value: T) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        func values() -> [T?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
