import Synchronization

/// Tells the replanning that the busy picture may have changed (a source file, a download, travel,
/// sacred time, a block the user edited). Signals in a burst collapse into one replan.
public final class ReplanSignal: Sendable {
    let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let count = Mutex<UInt64>(0)

    public init() {
        (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Something the busy picture depends on changed.
    public func changed() {
        count.withLock { $0 &+= 1 }
        continuation.yield()
    }

    /// How many changes were signalled so far; the replanning waits until it stops moving.
    var changesSoFar: UInt64 { count.withLock { $0 } }
}
