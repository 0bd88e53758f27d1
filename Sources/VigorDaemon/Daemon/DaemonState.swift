import Foundation
import Logging
import Store
import Synchronization
import VigorRPC

/// What the daemon knows about itself: its configuration (swapped on reload) and its start.
public actor DaemonState {
    public private(set) var config: DaemonConfig
    public private(set) var configOrigin: ConfigLoader.Origin
    public let configPath: String
    private let configMayBeMissing: Bool
    private let startedAt: Date
    private let now: @Sendable () -> Date
    private var lastReload: ReloadOutcome?
    private let logger: Logger
    private let calendars: CalendarHost?
    /// What `status` reads, replaced on every reload, so `status` answers without waiting for the actor.
    private let statusFacts: Mutex<StatusFacts>

    private struct StatusFacts {
        var config: DaemonConfig
        var origin: ConfigLoader.Origin
        var lastReload: ReloadOutcome?
        /// The next cycle times, kept until the earlier one passes (calendar arithmetic is costly
        /// on the `status` path); a reload forgets them.
        var cachedCycles: NextCycles?
        /// Counts reloads, so a cache of `status` knows when the facts changed.
        var generation: UInt64 = 0
    }

    public init(
        config: DaemonConfig, origin: ConfigLoader.Origin, configPath: String, configMayBeMissing: Bool,
        startedAt: Date, now: @escaping @Sendable () -> Date, logger: Logger, calendars: CalendarHost? = nil
    ) {
        self.calendars = calendars
        self.config = config
        self.configOrigin = origin
        self.configPath = configPath
        self.configMayBeMissing = configMayBeMissing
        self.startedAt = startedAt
        self.now = now
        self.logger = logger
        self.statusFacts = Mutex(StatusFacts(config: config, origin: origin))
    }

    /// Re-reads the configuration file; an invalid file keeps the current configuration.
    @discardableResult
    public func reload() -> ReloadOutcome {
        let at = now()
        let outcome: ReloadOutcome
        do {
            let (loaded, origin) = try ConfigLoader.load(path: configPath, mayBeMissing: configMayBeMissing)
            var notes: [String] = []
            if loaded.daemon.socket != config.daemon.socket { notes.append("socket") }
            if loaded.daemon.stateDir != config.daemon.stateDir { notes.append("state_dir") }
            if !notes.isEmpty {
                logger.notice("changed keys take effect on restart", metadata: ["keys": "\(notes.joined(separator: ","))"])
            }
            if let calendars, try calendars.apply(loaded) {
                logger.info("calendar sources changed; reading them again")
                calendars.keepHorizonPrepared(around: at)
            }
            config = loaded
            configOrigin = origin
            outcome = ReloadOutcome(at: RPCTimestamp(at, in: loaded.schedule.zone), ok: true, configPath: configPath, error: nil)
            logger.info("configuration reloaded", metadata: ["config": "\(configPath)"])
        } catch {
            outcome = ReloadOutcome(at: RPCTimestamp(at, in: config.schedule.zone), ok: false, configPath: configPath, error: "\(error)")
            logger.error("configuration reload refused; keeping the previous configuration", metadata: ["error": "\(error)"])
        }
        lastReload = outcome
        statusFacts.withLock { [config, configOrigin] facts in
            facts = StatusFacts(config: config, origin: configOrigin, lastReload: outcome, generation: facts.generation &+ 1)
        }
        return outcome
    }

    /// Changes whenever what `status` reads from the daemon state changes (on every reload).
    public nonisolated var statusGeneration: UInt64 {
        statusFacts.withLock { $0.generation }
    }

    /// The `status` result. It reads a copy of the actor's facts, so it never waits for a reload.
    public nonisolated func status(
        socket: ListeningSocket, database: DatabaseStatus, snapshot: GhostSnapshot, sources: [SourceFreshnessView]
    ) -> DaemonStatus {
        let current = snapshot.at
        let (config, origin, lastReload, cycles) = statusFacts.withLock { facts in
            (facts.config, facts.origin, facts.lastReload, Self.nextCycles(after: current, facts: &facts))
        }
        let zone = config.schedule.zone
        let emergency = snapshot.activeEmergency
        return DaemonStatus(
            version: VigorVersion.current,
            pid: getpid(),
            startedAt: RPCTimestamp(startedAt, in: zone),
            uptimeSeconds: max(0, Int(current.timeIntervalSince(startedAt))),
            socket: socket.path,
            socketOrigin: socket.origin,
            configPath: configPath,
            configSource: origin.rawValue,
            timezone: zone.identifier,
            lastReload: lastReload,
            database: database,
            ghost: GhostStatus(snapshot.ghost),
            nextCycles: cycles,
            emergency: emergency.map {
                EmergencyStatus(active: true, startedAt: RPCTimestamp($0.startedAt, in: zone), endsAt: RPCTimestamp($0.endsAt, in: zone))
            } ?? EmergencyStatus(active: false),
            plan: PlanStatus(ghost: snapshot.ghost, zone: zone, now: current, lastBreakerFiredAt: snapshot.lastBreakerFiredAt),
            sources: sources,
            travel: TravelStatus(snapshot.travel, today: snapshot.ghost.calendar.day(of: current))
        )
    }

    private static func nextCycles(after current: Date, facts: inout StatusFacts) -> NextCycles {
        if let cached = facts.cachedCycles, current < min(cached.morning.date, cached.evening.date) { return cached }
        let schedule = facts.config.schedule
        let cycles = NextCycles(
            morning: RPCTimestamp(CycleTimes.next(schedule.morning, after: current, in: schedule.zone), in: schedule.zone),
            evening: RPCTimestamp(CycleTimes.next(schedule.evening, after: current, in: schedule.zone), in: schedule.zone))
        facts.cachedCycles = cycles
        return cycles
    }
}
