import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorConfig

/// What `status` reports, read from the owners in one pass: the configuration in force, the Ghost and what lives
/// beside it, the calendars' freshness and writes, the health data's ages, the week ahead and the streak.
public struct StatusReport: Sendable {
    public var inForce: ConfigInForce
    public var startedAt: Date
    public var databasePath: String
    public var schemaVersion: String
    public var snapshot: GhostSnapshot
    public var sources: [SourceAge]
    public var calendarWrites: FailureEpisodeState
    /// Whether vigord can save its state (the storage episode).
    public var storage: FailureEpisodeState
    var health: HealthAges
    public var week: WeekOutlook
    public var weeklyReceipt: WeeklyValueReceipt?
    /// The cycles that already ran for today: the next of each is tomorrow's.
    public var ranToday: Set<CycleKind>
    /// Each watched health source and how it fares.
    public var healthSources: [HealthSourceReport]
}

/// The last evening's forecast of the week, beside the Ghost whose blocks stand on those days.
public struct WeekOutlook: Sendable {
    public var forecast: WeekForecast?
    public var madeAt: Date?
    public var ghost: Ghost
    public var today: LocalDay
    public var zone: TimeZone
    /// The held time: which of the forecast's days are held, and which of those are busy to others.
    public var holds: HoldBook
}

extension GhostBackend {
    /// The daemon, the Ghost, the next cycles and the calendars' freshness at `now`, read from their owners.
    public func status(at now: Date) async throws -> StatusReport {
        let inForce = await state.inForce()
        let zone = inForce.config.schedule.zone
        return StatusReport(
            inForce: inForce, startedAt: startedAt, databasePath: database.path, schemaVersion: try database.schemaVersion(),
            snapshot: await ghost.snapshot(at: now), sources: calendars.freshness(at: now),
            calendarWrites: output.writeStatus(), storage: failures.storageStatus(),
            health: try HealthAges.read(database: database, now: now, zone: zone),
            week: try await weekOutlook(at: now), weeklyReceipt: try weeklyReceipt(),
            ranToday: Set(try database.cycleRuns(onOrAfter: LocalCalendar(timeZone: zone).day(of: now)).map(\.kind)),
            healthSources: try await healthSources())
    }

    /// The last evening's forecast of the days after today, with the Ghost's blocks.
    public func weekOutlook(at now: Date) async throws -> WeekOutlook {
        let zone = await state.config.schedule.zone
        let stored = try cycles.forecast()
        return WeekOutlook(
            forecast: stored?.0, madeAt: stored?.1, ghost: await ghost.current, today: LocalCalendar(timeZone: zone).day(of: now),
            zone: zone, holds: await output.holds.book)
    }

    /// The last weekly receipt, nil before the first.
    public func weeklyReceipt() throws -> WeeklyValueReceipt? {
        try database.weeklyReceipt()?.value(as: WeeklyValueReceipt.self)
    }

    /// The configuration in force, for `daemon.config` to show with the source of every value.
    public func effectiveConfig() async -> ConfigInForce {
        await state.inForce()
    }

    /// Re-reads the configuration (`daemon.reload`, SIGHUP). A valid file changes the calendar sources first (a
    /// failure there refuses the reload), then is put in force with the engine rules of `[engine]`. An invalid file
    /// keeps the configuration in force (`ok: false`).
    public func reload(at now: Date) async -> ConfigReload {
        let read: ConfigLoader.Loaded
        do {
            read = try await state.readFile()
            if try calendars.apply(await state.settled(read)) {
                logger.info("calendar sources changed; reading them again")
                calendars.keepHorizonPrepared(around: now)
            }
        } catch {
            return await state.refuse(error, at: now)
        }
        let outcome = await state.adopt(read, at: now)
        await adoptEngineRules(at: now)
        do {
            try await following(at: now) { await reviseSessionKinds(at: now) }
        } catch {
            logger.error("the changed sessions could not be written to vigord's calendar yet", metadata: ["error": "\(error)"])
        }
        return outcome
    }

    /// The coming blocks whose kind `[profile]` now rules out (an injury or equipment changed since they were
    /// planned) become another kind, or leave the calendar when none is open (`KindRevision`), and the week forecast's
    /// likely sessions of such a kind are chosen again (what `status` and `plan.week` show, and what is held; the time
    /// of each stays): one decision. The caller lets the calendar follow. A failure is logged: the next evening plans
    /// under the profile all the same.
    func reviseSessionKinds(at now: Date) async {
        let profile = await state.config.profile.trainingProfile
        var decision = Decision(KindRevision.events(await ghost.current, profile: profile, now: now))
        do {
            // The forecast is chosen again beside the sessions as those events leave them: on a draft of the Ghost.
            var after = await ghost.current
            for event in decision.events { _ = try after.handle(event, now: now) }
            if let stored = try database.weekForecast(), let revised = KindRevision.forecast(
                try stored.value(as: WeekForecast.self), ghost: after, profile: profile,
                minutes: await state.config.training.durationMinutes)
            {
                decision.forecast = (revised, stored.madeAt)
            }
            try await save(decision, at: now)
            if !decision.events.isEmpty {
                logger.notice("[profile] rules out the kind of \(decision.events.count) coming session(s); they were changed")
            }
        } catch {
            logger.error("the coming sessions and the week forecast could not be changed to [profile]", metadata: ["error": "\(error)"])
        }
    }

    /// Puts `[engine]` of the configuration in force: saved first, then used; true when they changed.
    public func adoptConfiguredRules(at now: Date) async throws -> Bool {
        try await ghost.adopt(rules: await state.config.engineRules, at: now)
    }

    /// Puts `[engine]` of the configuration in force at a reload; a storage failure keeps the rules in force and is
    /// logged.
    func adoptEngineRules(at now: Date) async {
        do {
            if try await adoptConfiguredRules(at: now) {
                logger.notice("the engine rules from [engine] changed and are in force")
            }
        } catch {
            logger.error("the new engine rules could not be saved; the previous ones stay in force", metadata: ["error": "\(error)"])
        }
    }
}
