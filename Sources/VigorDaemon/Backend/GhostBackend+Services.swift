import CivilCalendar
import Foundation
import GhostEngine
import ICalendarKit

/// What the daemon's services ask of the backend, so none reaches past it into the parts it coordinates.
extension GhostBackend {
    /// Keeps the zone vigord started with as the system's settled zone unless one is kept already (at start). A failure
    /// is logged: travel by a change of zone then starts from the next evening.
    public func settleSystemZone(at now: Date) async {
        do {
            guard let settled = try await cycles.settledSystemZone(now: now) else { return }
            var decision = Decision()
            decision.systemZone = settled
            try await save(decision, at: now)
        } catch {
            logger.warning("cannot save the system time zone; travel by zone change starts from the next evening",
                           metadata: ["error": "\(error)"])
        }
    }

    /// The cycles run from a week before `today` on: enough for the planner to see a missed Sunday.
    public func recentCycleRuns(before today: LocalDay) async throws -> Set<CycleKey> {
        try await cycles.recentRuns(before: today)
    }

    /// True when any cycle ran on a day before `today`: false on the Ghost's first day.
    public func anyCycleRun(before today: LocalDay) async throws -> Bool {
        try await cycles.anyRun(before: today)
    }

    /// A watcher of vigord's calendar folder, for the user's edits.
    public func makeEditWatcher() async throws -> VdirWatcher {
        try await output.makeWatcher()
    }

    /// Sends the notifications through `sinks` from now on (at start and after a reload).
    func useNotificationSinks(_ sinks: [any NotificationSink]) async {
        await notifications.use(sinks)
    }
}
