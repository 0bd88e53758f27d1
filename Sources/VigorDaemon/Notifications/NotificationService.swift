import CivilCalendar
import Foundation
import GhostEngine
import Logging
import ServiceLifecycle
import VigorConfig

/// Has the backend settle the notification desk: after every change of the Ghost, and at the moments the rules turn on (quiet
/// hours ending and starting, midnight's new budget). It sleeps in between, at most an
/// hour; after a reload it takes the new `[notify]` settings.
struct NotificationService: Service {
    let backend: GhostBackend
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    /// The sinks `[notify]` asks for.
    let sinks: @Sendable (DaemonConfig.NotifySection) async -> [any NotificationSink]

    func run() async throws {
        let (ghost, state) = (backend.ghost, backend.state)
        await cancelWhenGracefulShutdown {
            var reloads: UInt64?
            while !Task.isCancelled {
                let seen = ghost.changes.changesSoFar
                let config = await state.config
                if reloads != state.reloaded.changesSoFar {
                    reloads = state.reloaded.changesSoFar
                    await backend.useNotificationSinks(await sinks(config.notify))
                }
                let at = now()
                await backend.settleNotifications(at: at)
                let wait = Self.untilNextTurn(after: at, zone: config.schedule.zone, rules: config.notify.rules)
                let reloadsSeen = reloads ?? 0
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await ghost.changes.change(after: seen) }
                    group.addTask { await state.reloaded.change(after: reloadsSeen) }
                    group.addTask {
                        do {
                            try await clock.sleep(for: wait)
                        } catch {
                            return
                        }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
    }

    /// Time until the next local moment a rule turns on or off (quiet hours, midnight), at most
    /// an hour; computed in the user's zone, so a 23- or 25-hour day is no hour off.
    static func untilNextTurn(after now: Date, zone: TimeZone, rules: NotificationRules) -> Duration {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let times = [rules.quietFrom, rules.quietUntil, TimeOfDay(hour: 0, minute: 0)]
        var next = now.addingTimeInterval(3600)
        for day in [today, today.adding(days: 1)] {
            for time in times {
                do {
                    let moment = try calendar.date(on: day, hour: time.hour, minute: time.minute)
                    if moment > now && moment < next { next = moment }
                } catch {
                    continue  // a wall time the day does not have (inside a DST gap)
                }
            }
        }
        return .milliseconds(Int64((next.timeIntervalSince(now) * 1000).rounded(.up)))
    }
}
