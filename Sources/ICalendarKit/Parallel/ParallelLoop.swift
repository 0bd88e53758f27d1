/// Runs the iterations of a loop over independent files on several threads (parsing, expansion, downloads).
/// The calendar module only says what may run side by side; whoever hosts it owns the threads.
public protocol ParallelLoop: Sendable {
    /// Runs `body` for every index in `0..<count` and returns the results in index order.
    func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T]
}

/// One index after another on the calling thread: the default, and what tests use.
public struct SerialLoop: ParallelLoop {
    public init() {}

    public func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        (0..<count).map(body)
    }
}
