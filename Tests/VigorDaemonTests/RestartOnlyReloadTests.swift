import Foundation
import TestPrograms
import Logging
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private func configText(logLevel: String, dropFolder: String, sessions: Int) -> String {
    """
    [daemon]
    log_level = "\(logLevel)"
    [training]
    sessions_per_week = \(sessions)
    [health]
    drop_folder = "\(dropFolder)"

    """
}

@Test(.removesScratchFolders) func aReloadKeepsTheRestartOnlyKeysInForceAndSaysTheyNeedARestart() async throws {
    let folder = try ScratchFolder.make("restart-only")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config.toml"
    try configText(logLevel: "info", dropFolder: folder + "/inbox", sessions: 3).write(toFile: path, atomically: true, encoding: .utf8)
    let read = try ConfigLoader.read(path: path, mayBeMissing: false)
    let state = DaemonState(
        config: read.config, origin: read.origin, configPath: path, configMayBeMissing: false,
        logger: Logger(label: "test"), configText: read.text)

    try configText(logLevel: "debug", dropFolder: folder + "/elsewhere", sessions: 5).write(toFile: path, atomically: true, encoding: .utf8)
    let outcome = await reload(state)
    #expect(outcome.ok)
    #expect(outcome.needsRestart == ["daemon.log_level", "health.drop_folder"])
    let config = await state.config
    #expect(config.training.sessionsPerWeek == 5, "a key read at every use takes effect at once")
    #expect(config.daemon.logLevel == "info")
    #expect(config.health.dropFolderPath == folder + "/inbox")
    let shown = EffectiveConfig(await state.inForce())
    func key(_ table: String, _ name: String) -> EffectiveConfig.Key? {
        shown.tables.first { $0.name == table }?.keys.first { $0.key == name }
    }
    #expect(key("daemon", "log_level")?.value == #""info""#)
    #expect(key("daemon", "log_level")?.needsRestart == #""debug""#)
    #expect(key("health", "drop_folder")?.value == #""\#(folder)/inbox""#)
    #expect(key("health", "drop_folder")?.needsRestart == #""\#(folder)/elsewhere""#)
    #expect(key("training", "sessions_per_week")?.needsRestart == nil)

    // The file back as the daemon runs it: nothing waits any more.
    try configText(logLevel: "info", dropFolder: folder + "/inbox", sessions: 5).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(await reload(state).needsRestart == nil)
    #expect(EffectiveConfig(await state.inForce()).tables.flatMap(\.keys).allSatisfy { $0.needsRestart == nil })
}

@Test(.removesScratchFolders) func aReloadWritesStderrLogLinesInTheNewZone() async throws {
    let folder = try ScratchFolder.make("log-zone")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config.toml"
    try "[schedule]\ntimezone = \"Europe/Berlin\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let read = try ConfigLoader.read(path: path, mayBeMissing: false)
    let zone = LogZone(read.config.schedule.zone)
    let state = DaemonState(
        config: read.config, origin: read.origin, configPath: path, configMayBeMissing: false,
        logger: Logger(label: "test"), configText: read.text, logZone: zone)
    #expect(zone.current.identifier == "Europe/Berlin")
    try "[schedule]\ntimezone = \"America/New_York\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(await reload(state).ok)
    #expect(zone.current.identifier == "America/New_York")
}

/// What `GhostBackend.reload` does with the configuration: reads the file again and puts it in force, or keeps the
/// one in force when the file is invalid.
private func reload(_ state: DaemonState) async -> ConfigReload {
    let at = Date(timeIntervalSince1970: 0)
    do {
        return await state.adopt(try await state.readFile(), at: at)
    } catch {
        return await state.refuse(error, at: at)
    }
}
