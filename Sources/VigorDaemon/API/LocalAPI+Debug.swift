import Foundation
import VigorRPC

extension LocalAPI {
    /// `debug.delay` (test hooks only): answers after a delay, so tests can hold a request in flight.
    func serveDebugDelay(_ params: DebugDelayMethod.Params) async throws -> DebugDelayMethod.Result {
        guard (0...10_000).contains(params.milliseconds) else {
            throw APIError.invalidParams("field 'milliseconds' must be between 0 and 10000")
        }
        context.testHookObserver("\(DebugDelayMethod.name) started")
        try await Task.sleep(for: .milliseconds(params.milliseconds))
        return DebugDelayMethod.Result(delayedMilliseconds: params.milliseconds)
    }

    /// `debug.clock` (test hooks only): moves the wall clock forward, so one process lives through many days, and tells
    /// the engine the new time at once, as the cycle service does at its first check after a clock change.
    func serveDebugClock(_ params: DebugClockMethod.Params) async throws -> DebugClockMethod.Result {
        guard let clock = context.testClock else {
            throw APIError.invalidParams("the clock can be moved only when the daemon's clock is a test clock")
        }
        guard params.advanceHours.isFinite, (0...8_784).contains(params.advanceHours) else {
            throw APIError.invalidParams("field 'advanceHours' must be between 0 and 8784")
        }
        let now = clock.advance(hours: params.advanceHours)
        if params.advanceHours > 0 {
            // The clock moved whatever the engine makes of it: a tick that fails (a full disk) is the daily cycles'
            // failure, logged once as theirs, and tried again at their next check.
            do {
                try await backend.tick(at: now)
                context.failures.succeeded("the daily cycles")
            } catch is CalendarPublishError {
                // Saved; the calendar's write failure is logged and counted as its own.
                context.failures.succeeded("the daily cycles")
            } catch {
                context.failures.failed("the daily cycles", error: error)
            }
        }
        return DebugClockMethod.Result(now: RPCTimestamp(now, in: await backend.zone()))
    }
}
