import Foundation
import Logging
import Store
import VigorRPC

/// What the daemon knows about itself: its configuration (swapped on reload) and its start.
public actor DaemonState {
    public private(set) var config: DaemonConfig
    public private(set) var configOrigin: ConfigLoader.Origin
    /// The text of the file in force (empty for defaults), so `daemon.config` can name each key's line.
    private var configText: String
    public let configPath: String
    private let configMayBeMissing: Bool
    private let startedAt: Date
    private let now: @Sendable () -> Date
    private var lastReload: ReloadOutcome?
    private let logger: Logger
    private let calendars: CalendarHost?
    /// Signalled after every successful reload (the source watch looks at the new sources).
    public let reloaded = ChangeSignal()
    public init(
        config: DaemonConfig, origin: ConfigLoader.Origin, configPath: String, configMayBeMissing: Bool,
        startedAt: Date, now: @escaping @Sendable () -> Date, logger: Logger, calendars: CalendarHost? = nil,
        configText: String = ""
    ) {
        self.configText = configText
        self.calendars = calendars
        self.config = config
        self.configOrigin = origin
        self.configPath = configPath
        self.configMayBeMissing = configMayBeMissing
        self.startedAt = startedAt
        self.now = now
        self.logger = logger
    }

    /// Re-reads the configuration file; an invalid file keeps the current configuration.
    @discardableResult
    public func reload() -> ReloadOutcome {
        let at = now()
        let outcome: ReloadOutcome
        do {
            let read = try ConfigLoader.read(path: configPath, mayBeMissing: configMayBeMissing)
            let (loaded, origin) = (read.config, read.origin)
            for warning in loaded.deprecations { logger.warning("\(warning)") }
            var notes: [String] = []
            if loaded.daemon.socket != config.daemon.socket { notes.append("socket") }
            if loaded.daemon.stateDir != config.daemon.stateDir { notes.append("state_dir") }
            if loaded.calendar.outputPath != config.calendar.outputPath || loaded.calendar.alarmMinutes != config.calendar.alarmMinutes {
                notes.append("calendar.output")
            }
            if loaded.calendar.shadow != config.calendar.shadow { notes.append("calendar.shadow") }
            if !notes.isEmpty {
                logger.notice("changed keys take effect on restart", metadata: ["keys": "\(notes.joined(separator: ","))"])
            }
            if let calendars, try calendars.apply(loaded) {
                logger.info("calendar sources changed; reading them again")
                calendars.keepHorizonPrepared(around: at)
            }
            config = loaded
            configOrigin = origin
            configText = read.text
            reloaded.changed()
            outcome = ReloadOutcome(at: RPCTimestamp(at, in: loaded.schedule.zone), ok: true, configPath: configPath, error: nil)
            logger.info("configuration reloaded", metadata: ["config": "\(configPath)"])
        } catch {
            outcome = ReloadOutcome(at: RPCTimestamp(at, in: config.schedule.zone), ok: false, configPath: configPath, error: "\(error)")
            logger.error("configuration reload refused; keeping the previous configuration", metadata: ["error": "\(error)"])
        }
        lastReload = outcome
        return outcome
    }

    /// The `daemon.config` result: the configuration in force with the source of every value.
    public func effective() -> EffectiveConfig {
        EffectiveConfigView.build(config, origin: configOrigin, path: configPath, locator: TOMLKeyLocator(text: configText))
    }

    /// The `status` result, from the configuration in force and the Ghost's snapshot.
    public func status(
        socket: ListeningSocket, database: DatabaseStatus, snapshot: GhostSnapshot, sources: [SourceFreshnessView]
    ) -> DaemonStatus {
        let current = snapshot.at
        let schedule = config.schedule
        let zone = schedule.zone
        let emergency = snapshot.activeEmergency
        return DaemonStatus(
            version: VigorVersion.current,
            pid: getpid(),
            startedAt: RPCTimestamp(startedAt, in: zone),
            uptimeSeconds: max(0, Int(current.timeIntervalSince(startedAt))),
            socket: socket.path,
            socketOrigin: socket.origin,
            configPath: configPath,
            configSource: configOrigin.rawValue,
            timezone: zone.identifier,
            lastReload: lastReload,
            database: database,
            ghost: GhostStatus(snapshot.ghost, now: current),
            nextCycles: NextCycles(
                morning: RPCTimestamp(CycleTimes.next(schedule.morning, after: current, in: zone), in: zone),
                evening: RPCTimestamp(CycleTimes.next(schedule.evening, after: current, in: zone), in: zone)),
            emergency: emergency.map {
                RecoveryTimeStatus(active: true, startedAt: RPCTimestamp($0.startedAt, in: zone), endsAt: RPCTimestamp($0.endsAt, in: zone))
            } ?? RecoveryTimeStatus(active: false),
            plan: PlanStatus(ghost: snapshot.ghost, zone: zone, now: current, lastBreakerFiredAt: snapshot.lastBreakerFiredAt),
            sources: sources,
            travel: TravelStatus(snapshot.travel, today: snapshot.ghost.calendar.day(of: current))
        )
    }
}
