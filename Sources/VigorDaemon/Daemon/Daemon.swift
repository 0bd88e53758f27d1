import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Store
import VigorRPC
import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// Starts vigord: loads configuration, opens storage, binds the socket and runs the services
/// until SIGTERM or SIGINT. Returns the process exit code.
public enum Daemon {
    public static func run(options: DaemonOptions, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        umask(0o077)
        let uid = getuid()
        let configPath = options.configPath ?? ConfigPaths.defaultConfigFile(environment: environment, uid: uid)
        let loaded: ConfigLoader.Loaded
        do {
            loaded = try ConfigLoader.read(path: configPath, mayBeMissing: options.configPath == nil)
        } catch {
            printError("invalid configuration: \(error)")
            return DaemonExitCode.config.rawValue
        }
        for warning in loaded.config.deprecations { printError("warning: \(warning)") }
        for note in loaded.config.profileNotes { printError("note: \(note)") }
        do {
            try StartChecks.check(loaded, file: configPath, environment: environment, uid: uid)
        } catch {
            printError("invalid configuration: \(error)")
            return DaemonExitCode.config.rawValue
        }
        let config = loaded.config

        let destination = LogDestination.detect(config.daemon.log, environment: environment)
        let level = Logger.Level(rawValue: config.daemon.logLevel) ?? .info
        let logZone = LogZone(config.schedule.zone)
        LoggingSystem.bootstrap { label in
            switch destination {
            case .journal: return JournaldLogHandler(label: label, level: level)
            case .stderr: return StderrLogHandler(label: label, level: level, zone: logZone)
            }
        }
        let logger = Logger(label: "vigord")
        if config.daemon.log == .journal && destination == .stderr {
            logger.warning("log = \"journal\" but journald's socket is absent; logging to stderr")
        }

        let testHooks = environment["VIGORD_TEST_HOOKS"] == "1"
        let testClock: TestClock?
        do {
            testClock = try TestClock.from(environment: environment)
        } catch {
            logger.critical("cannot start the test-hook clock", metadata: ["error": "\(error)"])
            printError(error.description)
            return DaemonExitCode.config.rawValue
        }
        if let testClock, environment["VIGORD_CLOCK_START"] != nil || environment["VIGORD_CLOCK_OFFSET_HOURS"] != nil {
            logger.warning("test hook: the clock reads \(RPCTimestamp(testClock.now(), in: logZone.current)) at start")
        }

        let notifier = SystemdNotifier()
        let listener: ListeningSocket
        do {
            if let passed = try ListenSockets.take() {
                listener = .systemd(descriptor: passed.descriptor, path: passed.path)
            } else {
                let path = SocketLocation.resolve(
                    explicit: options.socketPath, configured: config.daemon.socket, environment: environment, uid: uid)
                if try SocketPreparer.prepare(path: path) == .replacedStale {
                    logger.notice("replaced a stale socket left by an earlier run", metadata: ["socket": "\(path)"])
                }
                let ownFolder = (SocketLocation.defaultPath(environment: environment, uid: uid) as NSString).deletingLastPathComponent
                if try SocketPreparer.tightenOwnFolder(path: path, ownFolder: ownFolder) {
                    logger.notice("set the socket's folder to 0700", metadata: ["folder": "\(ownFolder)"])
                }
                listener = .path(path)
            }
        } catch {
            logger.critical("\(error.description)")
            printError(error.description)
            return DaemonExitCode.socketUnavailable.rawValue
        }

        let systemdSocket: String? = if case .systemd(_, let path) = listener { path } else { nil }
        let folders = FoldersInForce.resolve(options: options, config: config, environment: environment, uid: uid, systemdSocket: systemdSocket)
        let stateDirectory = folders.stateDirectory.path
        let outputDirectory = folders.calendarOutput.path
        // One daemon per state folder and per calendar: both stay locked until this process ends.
        let locks: [FolderLock]
        do {
            locks = [
                try FolderLock.acquire(folder: stateDirectory, fileName: FolderLock.stateFileName, socket: listener.path),
                try FolderLock.acquire(folder: outputDirectory, fileName: FolderLock.calendarFileName, socket: listener.path),
            ]
        } catch {
            logger.critical("\(error.description)")
            printError(error.description)
            if case .folderLocked = error { return DaemonExitCode.alreadyRunning.rawValue }
            return DaemonExitCode.storage.rawValue
        }
        defer { withExtendedLifetime(locks) {} }
        for lock in locks {
            if let problem = lock.holderProblem {
                logger.warning("holding \(lock.path) without naming this process in it: \(problem)")
            }
        }
        let now: @Sendable () -> Date = { testClock?.now() ?? Date() }
        let failures = FailureLog(logger: logger)
        let database: AppDatabase
        do {
            database = try AppDatabase.open(
                at: stateDirectory + "/vigor.sqlite", stateExpected: CalendarOutput.hasWrittenBlocks(stateDirectory: stateDirectory))
        } catch {
            logger.critical("cannot use the state database", metadata: ["error": "\(error)"])
            printError(error.description)
            return DaemonExitCode.storage.rawValue
        }
        failures.watch(database, now: now)
        // A full disk does not stop the start: vigord serves degraded (the storage episode logged, shown in status) and
        // saves again once the disk allows; exit 74 would leave systemd to give up on it.
        let run: DaemonRun?
        do {
            run = try database.recordStart(pid: getpid(), version: VigorVersion.current, at: Date())
        } catch {
            failures.storageFailed(reason: error.description, at: now())
            run = nil
        }

        let ghost: GhostHost
        do {
            ghost = try GhostHost(database: database, zone: config.schedule.zone, now: now())
        } catch {
            logger.critical("cannot load the engine state", metadata: ["error": "\(error)"])
            printError("\(error)")
            return DaemonExitCode.storage.rawValue
        }

        let calendars: CalendarHost
        do {
            calendars = try CalendarHost(config: config, stateDirectory: stateDirectory, failures: failures)
        } catch {
            logger.critical("cannot set up the calendars", metadata: ["error": "\(error)"])
            printError(error.description)
            return DaemonExitCode.config.rawValue
        }

        let output: CalendarOutput
        do {
            output = try CalendarOutput(
                directory: outputDirectory,
                stateDirectory: stateDirectory, zone: config.schedule.zone, ghost: ghost, database: database,
                alarmMinutes: config.calendar.alarmMinutes, shadow: config.calendar.shadow, logger: logger, failures: failures)
        } catch {
            logger.critical("cannot set up vigord's calendar", metadata: ["error": "\(error)"])
            printError(error.description)
            return DaemonExitCode.config.rawValue
        }

        let state = DaemonState(
            config: config, origin: loaded.origin, configPath: configPath, configMayBeMissing: options.configPath == nil,
            logger: logger, configText: loaded.text, logZone: logZone, folders: folders)
        let cycles = CycleRunner(ghost: ghost, calendars: calendars, database: database, output: output, logger: logger)
        let health = HealthIntake(database: database, logger: logger)
        let notifications: NotificationDesk
        do {
            notifications = try NotificationDesk(ghost: ghost, database: database, failures: failures, logger: logger, holds: output.holds)
        } catch {
            logger.critical("cannot read the notification inbox", metadata: ["error": "\(error)"])
            printError("cannot read the notification inbox: \(error)")
            return DaemonExitCode.config.rawValue
        }
        let backend = GhostBackend(
            ghost: ghost, state: state, database: database, calendars: calendars, output: output, cycles: cycles,
            replanner: Replanner(ghost: ghost, calendars: calendars, output: output, logger: logger, database: database), health: health,
            notifications: notifications, failures: failures, startedAt: now(), logger: logger)
        do {
            if try await backend.adoptConfiguredRules(at: now()) {
                logger.notice("the engine rules from [engine] are in force", metadata: ["config": "\(configPath)"])
            }
        } catch {
            logger.critical("cannot load the engine state", metadata: ["error": "\(error)"])
            printError("\(error)")
            return DaemonExitCode.storage.rawValue
        }
        await backend.settleSystemZone(at: now())
        failures.countStorageFailures(through: backend)
        let replanSignal = backend.replan
        let context = LocalAPI.Context(
            backend: backend, socket: listener, testHooks: testHooks,
            reloadObserver: { outcome in
                notifier.status(outcome.ok ? "Serving; configuration reloaded" : "Serving; reload refused")
            },
            testHookObserver: { event in notifier.status(event) }, now: now, testClock: testClock)
        let dispatcher = RPCDispatcher(router: LocalAPI(context).router()) { method, error in
            logger.error("request failed inside the daemon", metadata: ["method": "\(method)", "error": "\(error)"])
        }
        let desktop = NotificationSinks.desktop(environment: environment, logger: logger) { message, action in
            do {
                try await backend.answer(message, action: action, at: now())
                logger.notice("answered from a desktop notification", metadata: ["message": "\(message.key)", "action": "\(action)"])
            } catch {
                logger.warning(
                    "a desktop notification's answer was refused", metadata: ["message": "\(message.key)", "action": "\(action)", "error": "\(error)"])
            }
        }

        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let server = RPCSocketServer(
            listener: listener, dispatcher: dispatcher, group: group, logger: logger,
            onReady: {
                logger.info("vigord \(VigorVersion.current) ready", metadata: ["socket": "\(listener.path)", "pid": "\(getpid())"])
                notifier.ready(status: "Serving on \(listener.path)")
            },
            onStopping: {
                logger.info("shutting down: no new connections, finishing requests in flight")
                notifier.stopping()
            })
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let interval = notifier.watchdogInterval() {
            services.append(.init(service: WatchdogService(watchdogInterval: interval, notifier: notifier, eventLoop: group.next(), logger: logger)))
        }
        services.append(.init(service: server))
        services.append(.init(service: ReloadSignalService(backend: backend, now: now, notifier: notifier, logger: logger)))
        services.append(.init(service: CycleService(
            backend: backend, checkInterval: .seconds(60), clock: ContinuousClock(),
            now: now, notifier: notifier, failures: failures, logger: logger)))
        services.append(.init(service: EditWatchService(
            backend: backend, now: now, notifier: notifier, replan: replanSignal, failures: failures, logger: logger)))
        services.append(.init(service: SourceWatchService(state: state, signal: replanSignal, logger: logger)))
        services.append(.init(service: ReplanService(
            backend: backend, signal: replanSignal, quiet: .seconds(1), clock: ContinuousClock(), now: now, notifier: notifier, failures: failures)))
        services.append(.init(service: DropFolderService(
            folder: HealthDropFolder(
                path: folders.healthDropFolder.path),
            backend: backend, now: now, notifier: notifier, logger: logger)))
        services.append(.init(service: HealthSourceService(
            sources: config.health.sources, backend: backend, failures: failures, now: now, notifier: notifier, logger: logger)))
        services.append(.init(service: NotificationService(
            backend: backend, clock: ContinuousClock(), now: now,
            sinks: { notify in NotificationSinks.make(notify, desktop: desktop) })))
        services.append(.init(service: CalendarRefreshService(
            host: calendars, interval: .seconds(15 * 60), clock: ContinuousClock(), now: now, backend: backend, failures: failures,
            replan: replanSignal, logger: logger)))
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        configuration.maximumCancellationDuration = .seconds(5)
        let serviceGroup = ServiceGroup(configuration: configuration)

        var exitCode = DaemonExitCode.success
        do {
            try await serviceGroup.run()
        } catch {
            logger.critical("vigord stopped on an error", metadata: ["error": "\(error)"])
            printError(describe(error))
            exitCode = error is DaemonError ? .socketUnavailable : .failure
        }
        do {
            if let run { try database.recordStop(run, at: Date()) }
            try database.close()
        } catch {
            logger.error("could not close the state database cleanly", metadata: ["error": "\(error)"])
            exitCode = .storage
        }
        do {
            try await group.shutdownGracefully()
        } catch {
            logger.error("event loops did not stop cleanly", metadata: ["error": "\(error)"])
        }
        if case .path(let path) = listener, exitCode == .success {
            unlink(path)
        }
        logger.info("vigord stopped")
        notifier.flush()
        return exitCode.rawValue
    }

    /// Checks the configuration the daemon would read and says whether it is valid, like `sshd -t`: the start's own
    /// checks (`ConfigLoader`, then `StartChecks`), binding nothing, opening no database, creating no folder. 0 when
    /// valid, 78 with `file:line: message` on stderr when not.
    public static func checkConfig(path explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let path = explicitPath ?? ConfigPaths.defaultConfigFile(environment: environment, uid: getuid())
        do {
            let loaded = try ConfigLoader.read(path: path, mayBeMissing: explicitPath == nil)
            try StartChecks.check(loaded, file: path, environment: environment, uid: getuid())
            for warning in loaded.config.deprecations { printError("warning: \(warning)") }
            for note in loaded.config.profileNotes { printError("note: \(note)") }
            let line = loaded.origin == .defaults ? "vigord: no configuration at \(path); the defaults are valid\n" : "vigord: \(path) is valid\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            return DaemonExitCode.success.rawValue
        } catch {
            printError("invalid configuration: \(error)")
            return DaemonExitCode.config.rawValue
        }
    }

    /// Writes the cycle timers' drop-ins for the configuration's `[schedule]` into `directory` and exits: what the
    /// systemd generator runs at boot and on daemon-reload. 0 when written, 78 (nothing written) when the
    /// configuration is invalid, 73 when a drop-in cannot be written.
    public static func writeTimerDropIns(
        into directory: String, configPath explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        let path = explicitPath ?? ConfigPaths.defaultConfigFile(environment: environment, uid: getuid())
        let config: DaemonConfig
        do {
            (config, _) = try ConfigLoader.load(path: path, mayBeMissing: explicitPath == nil)
        } catch {
            printError("invalid configuration, the cycle timers keep their last times: \(error)")
            return DaemonExitCode.config.rawValue
        }
        do {
            try TimerDropIns(schedule: config.schedule, configPath: path).write(into: directory)
            return DaemonExitCode.success.rawValue
        } catch {
            printError("cannot write the cycle timers' drop-ins: \(error)")
            return DaemonExitCode.cannotWrite.rawValue
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let daemon = error as? DaemonError { return daemon.description }
        if let group = error as? ServiceGroupError { return "\(group)" }
        return "\(error)"
    }

    private static func printError(_ message: String) {
        let line = Array("vigord: \(message)\n".utf8)
        line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
