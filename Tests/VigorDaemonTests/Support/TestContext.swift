import Foundation
import Logging
import Store

@testable import VigorDaemon

/// A daemon context over an in-memory database and scratch folders, with a fixed clock.
func makeTestContext(
    config: DaemonConfig, now: Date, startedAt: Date? = nil, testHooks: Bool = false,
    configPath: String = "/nonexistent/config.toml", origin: ConfigLoader.Origin = .defaults, refusal: WriteRefusal? = nil,
    clock: (@Sendable () -> Date)? = nil
) throws -> LocalAPI.Context {
    let clock = clock ?? { now }
    let folder = NSTemporaryDirectory() + "vigor-context-\(UUID().uuidString)"
    let logger = Logger(label: "test")
    // The shipped configuration: a WAL database pool in a file, with its concurrent readers and file locks.
    let database = try AppDatabase.open(at: folder + "/vigor.sqlite", refusal: refusal)
    let ghost = try GhostHost(database: database, zone: config.schedule.zone, now: now)
    let calendars = try CalendarHost(config: config, stateDirectory: folder)
    let output = try CalendarOutput(
        directory: folder + "/calendars", stateDirectory: folder, zone: config.schedule.zone, ghost: ghost, database: database,
        alarmMinutes: config.calendar.alarmMinutes, shadow: config.calendar.shadow, logger: logger)
    let state = DaemonState(
        config: config, origin: origin, configPath: configPath, configMayBeMissing: true, startedAt: startedAt ?? now, now: clock,
        logger: logger, calendars: calendars)
    return LocalAPI.Context(
        state: state, socket: .path("/tmp/t.sock"), database: database, ghost: ghost, calendars: calendars,
        cycles: CycleRunner(ghost: ghost, calendars: calendars, database: database, output: output, logger: logger, systemZone: { nil }),
        output: output, health: HealthIntake(database: database, ghost: ghost, output: output, logger: logger),
        notifications: try NotificationDesk(
            ghost: ghost, database: database, failures: FailureLog(logger: logger), logger: logger, holds: output.holds),
        testHooks: testHooks, now: clock)
}
