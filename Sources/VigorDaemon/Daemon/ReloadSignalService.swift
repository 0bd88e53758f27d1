import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the configuration on SIGHUP, telling systemd before and after.
struct ReloadSignalService: Service {
    let backend: GhostBackend
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            logger.info("SIGHUP received: reloading the configuration")
            notifier.reloading()
            let outcome = await backend.reload(at: now())
            notifier.ready(status: outcome.ok ? "Serving; configuration reloaded" : "Serving; reload refused: \(outcome.error ?? "")")
        }
    }
}
