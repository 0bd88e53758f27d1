import Foundation

/// Runs `body` on a thread of its own and waits at most `seconds` for it: a call that blocks (an `open` of a FIFO
/// that waits for a writer) fails its test with `DeadlineMissed` instead of hanging the run. The blocked thread is left
/// behind; the test process ends without it.
public func withinDeadline<T>(_ seconds: Int = 10, _ what: String, _ body: @escaping () throws -> T) throws -> T {
    let call = DeadlineCall(body)
    Thread.detachNewThread { call.run() }
    guard call.done.wait(timeout: .now() + .seconds(seconds)) == .success, let result = call.result else {
        throw DeadlineMissed("\(what) did not return within \(seconds) s")
    }
    return try result.get()
}

/// The call and its result, handed to one thread and read back after its semaphore: never touched by two at once.
private final class DeadlineCall<T>: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let body: () throws -> T
    private let lock = NSLock()
    private var stored: Result<T, any Error>?

    init(_ body: @escaping () throws -> T) { self.body = body }

    var result: Result<T, any Error>? { lock.withLock { stored } }

    func run() {
        let outcome = Result { try body() }
        lock.withLock { stored = outcome }
        done.signal()
    }
}
