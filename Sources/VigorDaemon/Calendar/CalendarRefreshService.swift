import Calendar
import Foundation
import Logging
import ServiceLifecycle

/// Keeps the calendars warm: parses every source at start, then downloads due subscriptions and
/// re-reads changed files every `interval`, so `calendar.busy` never waits on the network, and after
/// each refresh has `PreparedHorizon` rebuilt in the background where a change dropped it. A source that
/// fails is logged once when it starts failing and once when it reads again; new data asks for a replan.
struct CalendarRefreshService: Service {
    let host: CalendarHost
    let interval: Duration
    let clock: any Clock<Duration>
    /// The wall clock the freshness of each source is measured against.
    let now: @Sendable () -> Date
    let failures: FailureLog
    /// Told when a refresh read new data (a download, a changed file), so the week's blocks are checked again.
    let replan: ReplanSignal
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let refreshedAt = now()
            let (statuses, changed) = await host.refresh(now: refreshedAt)
            Self.report(statuses, to: failures)
            if changed { replan.changed() }
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

    /// Logs each source's failure when it starts and when it clears (a source that keeps failing, once).
    static func report(_ statuses: [SourceStatus], to failures: FailureLog) {
        for status in statuses {
            let operation = "reading the calendar source '\(status.name)'"
            if status.ok {
                failures.succeeded(operation)
            } else {
                failures.failed(operation, reason: status.error ?? "unreadable")
            }
        }
    }
}
