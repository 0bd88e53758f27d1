import ICalendarKit
import Dispatch

extension VdirWatcher {
    /// Waits on `queue` (a thread of its own, never the async pool) until a watched folder changes: true; false
    /// when the task is cancelled first. Nothing wakes in between.
    /// With `timeoutMilliseconds`, false also when nothing changed that long.
    func change(on queue: DispatchQueue, timeoutMilliseconds: Int32 = -1) async -> Bool {
        await wakeUp(on: queue, timeoutMilliseconds: timeoutMilliseconds) != .nothing
    }

    /// Waits as `change` does, and says whether the change was only files moved in whole.
    func wakeUp(on queue: DispatchQueue, timeoutMilliseconds: Int32 = -1) async -> Wake {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.waitForWake(timeoutMilliseconds: timeoutMilliseconds)) }
            }
        } onCancel: {
            wake()
        }
    }
}
