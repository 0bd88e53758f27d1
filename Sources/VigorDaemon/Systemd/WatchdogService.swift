import Logging
import NIOCore
import ServiceLifecycle

/// Pings systemd's watchdog at half its interval, but only after the socket server's event loop
/// has answered: a wedged loop stops the pings and systemd restarts the daemon.
public struct WatchdogService: Service {
    private let interval: Duration
    private let notifier: SystemdNotifier
    private let eventLoop: any EventLoop
    private let clock: any Clock<Duration>
    private let logger: Logger

    public init(watchdogInterval: Duration, notifier: SystemdNotifier, eventLoop: any EventLoop, clock: any Clock<Duration> = ContinuousClock(), logger: Logger) {
        self.interval = watchdogInterval / 2
        self.notifier = notifier
        self.eventLoop = eventLoop
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        logger.info("watchdog enabled", metadata: ["ping-interval": "\(interval)"])
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try await eventLoop.submit {}.get()
            notifier.watchdogPing()
            do {
                try await cancelWhenGracefulShutdown { [clock, interval] in
                    try await clock.sleep(for: interval, tolerance: nil)
                }
            } catch is CancellationError {
                return
            }
        }
    }
}

extension Clock where Duration == Swift.Duration {
    /// Sleeps for a duration on any clock (the existential form lacks `sleep(for:)`).
    func sleep(for duration: Duration, tolerance: Duration?) async throws {
        try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
    }
}
