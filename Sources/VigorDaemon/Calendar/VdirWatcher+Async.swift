import ICalendarKit
import Dispatch

extension VdirWatcher {
    /// Waits on `queue` (a thread of its own, never the async pool) until a watched folder changes: true; false
    /// when the task is cancelled first. Nothing wakes in between.
    /// With `timeoutMilliseconds`, false also when nothing changed that long.
    func change(on queue: DispatchQueue, timeoutMilliseconds: Int32 = -1) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.waitForChange(timeoutMilliseconds: timeoutMilliseconds)) }
            }
        } onCancel: {
            wake()
        }
    }
}
