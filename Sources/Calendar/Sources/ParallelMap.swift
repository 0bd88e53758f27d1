import Foundation

/// Runs independent pieces of work on all cores and returns their results in index order.
enum ParallelMap {
    static func map<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T?] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, body(index))
        }
        return slots.values()
    }

    private final class Slots<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
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
