import Foundation
import Logging
import Store
import VigorRPC

/// The configuration in force: read at start, swapped on reload (an invalid file keeps the one in force).
public actor DaemonState {
    public private(set) var config: DaemonConfig
    public private(set) var configOrigin: ConfigLoader.Origin
    /// The text of the file in force (empty for defaults), so `daemon.config` can name each key's line.
    private var configText: String
    public let configPath: String
    private let configMayBeMissing: Bool
    private let now: @Sendable () -> Date
    public private(set) var lastReload: ReloadOutcome?
    private let logger: Logger
    private let calendars: CalendarHost?
    /// Signalled after every successful reload (the source watch looks at the new sources).
    public let reloaded = ChangeSignal()
    public init(
        config: DaemonConfig, origin: ConfigLoader.Origin, configPath: String, configMayBeMissing: Bool,
        now: @escaping @Sendable () -> Date, logger: Logger, calendars: CalendarHost? = nil,
        configText: String = ""
    ) {
        self.configText = configText
        self.calendars = calendars
        self.config = config
        self.configOrigin = origin
        self.configPath = configPath
        self.configMayBeMissing = configMayBeMissing
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

    /// The configuration in force, where it came from and how the last reload went, as one value.
    public func inForce() -> ConfigInForce {
        ConfigInForce(config: config, origin: configOrigin, path: configPath, lastReload: lastReload)
    }

    /// The `daemon.config` result: the configuration in force with the source of every value.
    public func effective() -> EffectiveConfig {
        EffectiveConfigView.build(config, origin: configOrigin, path: configPath, locator: TOMLKeyLocator(text: configText))
    }
}

/// The configuration in force, where it came from and how the last reload went.
public struct ConfigInForce: Sendable {
    public var config: DaemonConfig
    public var origin: ConfigLoader.Origin
    public var path: String
    public var lastReload: ReloadOutcome?
}
