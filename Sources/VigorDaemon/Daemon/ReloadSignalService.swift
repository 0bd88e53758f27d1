import Foundation
import GhostEngine
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP, telling systemd before and after.
struct ReloadSignalService: Service {
    let state: DaemonState
    let ghost: GhostHost
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            logger.info("SIGHUP received: reloading the configuration")
            notifier.reloading()
            let outcome = await state.reload()
            if outcome.ok { await EngineRulesAdoption.adopt(await state.config.engineRules, ghost: ghost, at: now(), logger: logger) }
            notifier.ready(status: outcome.ok ? "Serving; configuration reloaded" : "Serving; reload refused: \(outcome.error ?? "")")
        }
    }
}

/// Puts `[engine]` in force after a reload; a storage failure keeps the rules in force and is logged.
enum EngineRulesAdoption {
    static func adopt(_ rules: EngineRules, ghost: GhostHost, at now: Date, logger: Logger) async {
        do {
            if try await ghost.adopt(rules: rules, at: now) { logger.notice("the engine rules from [engine] changed and are in force") }
        } catch {
            logger.error("the new engine rules could not be saved; the previous ones stay in force", metadata: ["error": "\(error)"])
        }
    }
}
