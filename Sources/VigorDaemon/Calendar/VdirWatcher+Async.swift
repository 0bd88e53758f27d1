import ICalendarKit
import Dispatch

extension VdirWatcher {
    /// Waits on `queue` (a thread of its own, never the async pool) until a watched folder changes: true; false
    /// when the task is cancelled first. Nothing wakes in between.
    func change(on queue: DispatchQueue) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.waitForChange()) }
            }
        } onCancel: {
            wake()
        }
    }
}
