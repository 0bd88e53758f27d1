import Foundation
import VigorRPC

extension LocalAPI {
    /// `data.export`: everything vigord keeps about the user, as one JSON document.
    func serveDataExport(_: NoParams) async throws -> DataExportMethod.Result {
        let zone = await zone()
        return try DataExport.document(try context.database.exportAll(), zone: zone, at: context.now())
    }

    /// `data.purge`: deletes all user data and starts a new Ghost (only with `confirm: true`).
    func serveDataPurge(_ params: DataPurgeMethod.Params) async throws -> GhostStatus {
        guard params.confirm else {
            throw APIError.invalidParams("field 'confirm' must be true to delete all user data")
        }
        try await context.ghost.purge(zone: await zone(), now: context.now())
        await context.notifications.forget()
        await context.output.holds.forget()
        // The calendar lets go of the old blocks now, before a new block can be given an id an old one had.
        try await publish(now: context.now())
        return GhostStatus(await context.ghost.current, now: context.now())
    }

    /// `debug.delay` (test hooks only): answers after a delay, so tests can hold a request in flight.
    func serveDebugDelay(_ params: DebugDelayMethod.Params) async throws -> DebugDelayMethod.Result {
        guard (0...10_000).contains(params.milliseconds) else {
            throw APIError.invalidParams("field 'milliseconds' must be between 0 and 10000")
        }
        context.testHookObserver("\(DebugDelayMethod.name) started")
        try await Task.sleep(for: .milliseconds(params.milliseconds))
        return DebugDelayMethod.Result(delayedMilliseconds: params.milliseconds)
    }

    /// `debug.clock` (test hooks only): moves the wall clock forward, so one process lives through many days.
    func serveDebugClock(_ params: DebugClockMethod.Params) async throws -> DebugClockMethod.Result {
        guard let clock = context.testClock else {
            throw APIError.invalidParams("the clock can be moved only when the daemon's clock is a test clock")
        }
        guard params.advanceHours.isFinite, (0...8_784).contains(params.advanceHours) else {
            throw APIError.invalidParams("field 'advanceHours' must be between 0 and 8784")
        }
        return DebugClockMethod.Result(now: RPCTimestamp(clock.advance(hours: params.advanceHours), in: await zone()))
    }
}
