import ICalendarKit
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
    let backend: GhostBackend
    let failures: FailureLog
    /// Told when a refresh read new data (a download, a changed file), so the week's blocks are checked again.
    let replan: ChangeSignal
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let refreshedAt = now()
            let (statuses, changed) = await host.refresh(now: refreshedAt)
            Self.report(statuses, to: failures)
            await Self.reportStale(statuses, to: failures, backend: backend, at: refreshedAt)
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

    /// How old a subscription's last good copy may be before it counts as stale: against ghost health, once.
    static let staleAfterSeconds = 24 * 3600

    /// A subscription serving a copy older than a day is a failure of the Ghost's own upkeep: it is logged and
    /// counted toward ghost health once when it goes stale, and logged once when it is fresh again.
    static func reportStale(_ statuses: [SourceStatus], to failures: FailureLog, backend: GhostBackend, at now: Date) async {
        for status in statuses {
            let operation = "keeping the calendar source '\(status.name)' fresh"
            if let age = status.ageSeconds, age > staleAfterSeconds {
                await failures.failed(
                    operation, reason: "its last good copy is \(age / 3600) hours old", counting: .staleData, in: backend, at: now)
            } else {
                failures.succeeded(operation)
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
