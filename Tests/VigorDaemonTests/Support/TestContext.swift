import Foundation
import TestPrograms
import Logging
import Store

@testable import VigorDaemon
@testable import VigorConfig

/// A daemon context over an in-memory database and scratch folders, with a fixed clock.
func makeTestContext(
    config: DaemonConfig, now: Date, startedAt: Date? = nil, testHooks: Bool = false,
    configPath: String = "/nonexistent/config.toml", origin: ConfigLoader.Origin = .defaults, refusal: WriteRefusal? = nil,
    clock: (@Sendable () -> Date)? = nil, failures: FailureLog? = nil
) throws -> LocalAPI.Context {
    let clock = clock ?? { now }
    let folder = try ScratchFolder.make("context") + "/state"
    let logger = Logger(label: "test")
    // The shipped configuration: a WAL database pool in a file, with its concurrent readers and file locks.
    let database = try AppDatabase.open(at: folder + "/vigor.sqlite", refusal: refusal)
    let ghost = try GhostHost(database: database, zone: config.schedule.zone, now: now)
    let calendars = try CalendarHost(config: config, stateDirectory: folder)
    let output = try CalendarOutput(
        directory: folder + "/calendars", stateDirectory: folder, zone: config.schedule.zone, ghost: ghost, database: database,
        alarmMinutes: config.calendar.alarmMinutes, shadow: config.calendar.shadow, logger: logger)
    let state = DaemonState(
        config: config, origin: origin, configPath: configPath, configMayBeMissing: true, logger: logger)
    let failures = failures ?? FailureLog(logger: logger)
    let backend = GhostBackend(
        ghost: ghost, state: state, database: database, calendars: calendars, output: output,
        cycles: CycleRunner(ghost: ghost, calendars: calendars, database: database, output: output, logger: logger, systemZone: { nil }),
        replanner: Replanner(ghost: ghost, calendars: calendars, output: output, logger: logger),
        health: HealthIntake(database: database, logger: logger),
        notifications: try NotificationDesk(ghost: ghost, database: database, failures: failures, logger: logger, holds: output.holds),
        failures: failures, startedAt: startedAt ?? now, logger: logger)
    return LocalAPI.Context(backend: backend, socket: .path("/tmp/t.sock"), testHooks: testHooks, now: clock)
}

/// The backend's parts, under the names the tests have always used.
extension LocalAPI.Context {
    var ghost: GhostHost { backend.ghost }
    var state: DaemonState { backend.state }
    var database: AppDatabase { backend.database }
    var calendars: CalendarHost { backend.calendars }
    var output: CalendarOutput { backend.output }
    var cycles: CycleRunner { backend.cycles }
    var health: HealthIntake { backend.health }
    var notifications: NotificationDesk { backend.notifications }
}

extension LocalAPI.Context {
    /// A backend over the same parts with another cycle runner (one that reads a made-up system zone).
    func backend(cycles: CycleRunner) -> GhostBackend {
        GhostBackend(
            ghost: ghost, state: state, database: database, calendars: calendars, output: output, cycles: cycles,
            replanner: backend.replanner, health: health, notifications: notifications, failures: backend.failures,
            startedAt: backend.startedAt, logger: Logger(label: "test"))
    }
}
