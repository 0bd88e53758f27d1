import Foundation
import GhostEngine
import Logging
import VigorRPC

extension LocalAPI {
    /// `rpc.discover`: the OpenRPC document of the methods this daemon serves.
    func serveDiscover(_: DiscoverMethod.Params) async throws -> DiscoverMethod.Result {
        OpenRPCDocument.make(methods: Self.methods(testHooks: context.testHooks), version: VigorVersion.current)
    }

    /// `status`: the daemon, the Ghost, the next cycles and the calendars' freshness, read from their owners.
    func serveStatus(_: NoParams) async throws -> DaemonStatus {
        let now = context.now()
        let database = DatabaseStatus(path: context.database.path, schemaVersion: try context.database.schemaVersion())
        let snapshot = await context.ghost.snapshot(at: now)
        var status = await context.state.status(
            socket: context.socket, database: database, snapshot: snapshot, sources: context.calendars.freshness(at: now))
        status.plan.week = try await weekPlan(now: now).days
        status.health = try HealthAges.status(database: context.database, now: now, zone: await zone())
        status.calendarWrites = await context.output.writeStatus(zone: await zone())
        status.streak = try weeklyReceipt()?.strongWeeks
        return status
    }

    /// `plan.week`: the last evening's forecast of the days after today, with the blocks on the calendar.
    func servePlanWeek(_: NoParams) async throws -> WeekPlanView {
        try await weekPlan(now: context.now())
    }

    func weekPlan(now: Date) async throws -> WeekPlanView {
        guard let (forecast, madeAt) = try await context.cycles.forecast() else { return WeekPlanView(madeAt: nil, days: []) }
        let zone = await zone()
        let ghost = await context.ghost.current
        return WeekPlanView(
            madeAt: RPCTimestamp(madeAt, in: zone),
            days: forecast.view(
                ghost: ghost, after: LocalCalendar(timeZone: zone).day(of: now), zone: zone, holds: await context.output.holds.book))
    }

    /// `daemon.config`: the configuration in force (after reloads), each value with its source.
    func serveConfigShow(_: NoParams) async throws -> EffectiveConfig {
        await context.state.effective()
    }

    /// `daemon.reload`: re-reads the configuration; an invalid file keeps the one in force.
    func serveReload(_: NoParams) async throws -> ReloadOutcome {
        let outcome = await context.state.reload()
        if outcome.ok {
            await EngineRulesAdoption.adopt(
                await context.state.config.engineRules, ghost: context.ghost, at: context.now(), logger: Logger(label: "vigord"))
        }
        context.reloadObserver(outcome)
        guard outcome.ok else {
            throw RPCErrorObject(
                .configInvalid, "Configuration invalid; the previous configuration stays in force: \(outcome.error ?? "")",
                data: ["configPath": .string(outcome.configPath)])
        }
        return outcome
    }
}
