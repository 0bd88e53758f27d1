import Foundation
import Logging
import VigorConfig

/// The configuration in force: read at start, swapped on reload (an invalid file keeps the one in force).
public actor DaemonState {
    public private(set) var config: DaemonConfig
    public private(set) var configOrigin: ConfigLoader.Origin
    /// The text of the file in force (empty for defaults), so `daemon.config` can name each key's line.
    private var configText: String
    public let configPath: String
    private let configMayBeMissing: Bool
    public private(set) var lastReload: ConfigReload?
    /// The file's configuration as last read, when some of its restart-only keys wait for a restart.
    private var waitingForRestart: (file: DaemonConfig, keys: [String])?
    private let logger: Logger
    /// The zone of stderr's log lines, which follows `[schedule] timezone` on reload.
    private let logZone: LogZone?
    /// Signalled after every successful reload (the source watch looks at the new sources).
    public let reloaded = ChangeSignal()
    /// The socket and folders vigord runs with (fixed at start; nil in tests that start no daemon).
    public let folders: FoldersInForce?
    public init(
        config: DaemonConfig, origin: ConfigLoader.Origin, configPath: String, configMayBeMissing: Bool, logger: Logger,
        configText: String = "", logZone: LogZone? = nil, folders: FoldersInForce? = nil
    ) {
        self.folders = folders
        self.configText = configText
        self.logZone = logZone
        self.config = config
        self.configOrigin = origin
        self.configPath = configPath
        self.configMayBeMissing = configMayBeMissing
        self.logger = logger
    }

    /// Reads the configuration file again, for `GhostBackend.reload`: a valid file is put in force with `adopt`, once
    /// what must change with it has; throws `ConfigError` for an invalid one (then `refuse`).
    public func readFile() throws(ConfigError) -> ConfigLoader.Loaded {
        try ConfigLoader.read(path: configPath, mayBeMissing: configMayBeMissing)
    }

    /// The configuration a reload of `read` puts in force: the restart-only keys keep the values the daemon runs with.
    public func settled(_ read: ConfigLoader.Loaded) -> DaemonConfig {
        RestartOnlyKeys.settle(file: read.config, running: config).inForce
    }

    /// Puts a configuration read by `readFile` in force; a changed restart-only key waits for a restart, and says so.
    public func adopt(_ read: ConfigLoader.Loaded, at now: Date) -> ConfigReload {
        for warning in read.config.deprecations { logger.warning("\(warning)") }
        for note in read.config.profileNotes where !config.profileNotes.contains(note) { logger.notice("\(note)") }
        let (loaded, needsRestart) = RestartOnlyKeys.settle(file: read.config, running: config)
        if !needsRestart.isEmpty {
            logger.notice("changed keys take effect on restart", metadata: ["keys": "\(needsRestart.joined(separator: ","))"])
        }
        waitingForRestart = needsRestart.isEmpty ? nil : (read.config, needsRestart)
        config = loaded
        logZone?.set(loaded.schedule.zone)
        configOrigin = read.origin
        configText = read.text
        reloaded.changed()
        logger.info("configuration reloaded", metadata: ["config": "\(configPath)"])
        let outcome = ConfigReload(
            at: now, zone: loaded.schedule.zone, configPath: configPath, error: nil, needsRestart: needsRestart.isEmpty ? nil : needsRestart)
        lastReload = outcome
        return outcome
    }

    /// Keeps the configuration in force after a reload that failed for `error`.
    public func refuse(_ error: any Error, at now: Date) -> ConfigReload {
        logger.error("configuration reload refused; keeping the previous configuration", metadata: ["error": "\(error)"])
        let outcome = ConfigReload(at: now, zone: config.schedule.zone, configPath: configPath, error: "\(error)")
        lastReload = outcome
        return outcome
    }

    /// The configuration in force, where it came from and how the last reload went, as one value.
    public func inForce() -> ConfigInForce {
        ConfigInForce(
            config: config, origin: configOrigin, path: configPath, text: configText, lastReload: lastReload,
            waitingForRestart: waitingForRestart, folders: folders)
    }
}

/// The configuration in force, where it came from and how the last reload went.
public struct ConfigInForce: Sendable {
    public var config: DaemonConfig
    public var origin: ConfigLoader.Origin
    public var path: String
    /// The text of the file in force (empty for defaults), so each key's line can be named.
    public var text: String
    public var lastReload: ConfigReload?
    /// The file's configuration as last read, when some of its restart-only keys wait for a restart.
    public var waitingForRestart: (file: DaemonConfig, keys: [String])?
    /// The socket and folders vigord runs with (nil in tests that start no daemon).
    public var folders: FoldersInForce?
}
