import Calendar
import Foundation
import Logging
import ServiceLifecycle

/// Keeps the calendars warm: parses every source at start, then downloads due subscriptions and
/// re-reads changed files every `interval`, so `calendar.busy` never waits on the network, and after
/// each refresh has `PreparedHorizon` rebuilt in the background where a change dropped it.
struct CalendarRefreshService: Service {
    let host: CalendarHost
    let interval: Duration
    let clock: any Clock<Duration>
    /// The wall clock the freshness of each source is measured against.
    let now: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let refreshedAt = now()
            await host.refresh(now: refreshedAt)
            host.keepHorizonPrepared(around: refreshedAt)
            logger.debug("calendars refreshed")
            do {
                try await cancelWhenGracefulShutdown { [clock, interval] in
                    try await clock.sleep(for: interval, tolerance: .seconds(5))
                }
            } catch is CancellationError {
                return
            }
        }
    }
}
