import Synchronization

/// Something changed that a service waits for: the busy picture (a source file, a download, travel, sacred
/// time, a block the user edited) for the replanning, a reload for the source watch. Changes are counted, so
/// a burst collapses into one wake-up and a waiter that looks late still sees what it missed.
public final class ChangeSignal: Sendable {
    private struct State {
        var count: UInt64 = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// It changed.
    public func changed() {
        let waiters = state.withLock { state in
            state.count &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many changes were signalled so far.
    var changesSoFar: UInt64 { state.withLock { $0.count } }

    /// Returns once more than `seen` changes were signalled (at once if that happened already), or when the task
    /// is cancelled.
    func change(after seen: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.count != seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
