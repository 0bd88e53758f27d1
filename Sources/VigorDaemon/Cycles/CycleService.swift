import CivilCalendar
import Foundation
import GhostEngine
import Logging
import ServiceLifecycle

/// Runs the cycles when they are due in the user's zone. It checks the wall clock every
/// `checkInterval` rather than sleeping until the next cycle, so a suspend, a clock change or a DST
/// switch never makes it miss one; the first check at start is the catch-up. A cycle that fails, or that
/// runs over `lateAfter` late although vigord was up and awake at its time, counts against ghost health; a
/// catch-up after vigord was stopped or the machine slept is the machine's doing and is only noted.

struct CycleService: Service {
    let backend: GhostBackend
    let checkInterval: Duration
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let failures: FailureLog
    let logger: Logger

    /// How late a cycle may run before it counts as a catch-up.
    static let lateAfter: TimeInterval = 30 * 60
    /// A gap between two checks longer than this means the machine slept or vigord was stopped.
    static let awakeGap: TimeInterval = 5 * 60

    /// How a cycle run `lateness` after its time counts.
    enum LateRun: Equatable {
        case onTime
        /// Late because vigord was stopped or the machine slept: the machine's doing.
        case caughtUp
        /// Late although vigord was up and awake (its previous check came on time): a missed cycle.
        case missed
    }

    static func lateRun(lateness: TimeInterval, previousCheck: Date?, now: Date) -> LateRun {
        guard lateness > lateAfter else { return .onTime }
        let awake = previousCheck.map { now.timeIntervalSince($0) < awakeGap } ?? false
        return awake ? .missed : .caughtUp
    }

    func run() async throws {
        var lastTick: Date?
        var lastCheck: Date?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await settleHeldPresses()
            await runDueCycles(previousCheck: lastCheck)
            lastCheck = now()
            // By the wall clock, so the first check after a suspend ticks at once.
            let current = now()
            if lastTick.map({ abs(current.timeIntervalSince($0)) >= CycleRunner.tickInterval }) ?? true {
                await tick(at: current)
                lastTick = current
            }
            do {
                try await cancelWhenGracefulShutdown { [clock, checkInterval] in
                    try await clock.sleep(for: checkInterval, tolerance: .seconds(1))
                }
            } catch is CancellationError {
                return
            }
        }
    }

    /// Tells the engine the time between cycles.
    private func tick(at current: Date) async {
        do {
            try await backend.tick(at: current)
            failures.succeeded("the engine's periodic check")
        } catch is CalendarPublishError {
            // The tick is saved; the calendar write that failed is logged and counted as a failure of its own.
            failures.succeeded("the engine's periodic check")
        } catch {
            failures.failed("the engine's periodic check", error: error)
        }
    }

    /// Records presses of the red button a full disk held back, and writes the calendar after them.
    private func settleHeldPresses() async {
        do {
            if try await backend.settleHeldPresses(at: now()) {
                failures.succeeded("recording a press of the red button")
            }
        } catch {
            failures.failed("recording a press of the red button", reason: "\(error); tried again every \(checkInterval)")
        }
    }

    /// Runs the cycles due now; `previousCheck` (nil at start) tells whether vigord was awake before. A cycle that fails
    /// does not hold back the others due with it (a weekly catch-up that cannot build its receipt leaves the morning to
    /// run); it is tried again at the next check.
    private func runDueCycles(previousCheck: Date?) async {
        let config = await backend.config()
        let schedule = config.schedule
        let planner = CyclePlanner(zone: schedule.zone, morning: schedule.morning, evening: schedule.evening)
        let current = now()
        let due: [CycleKind]
        let firstDay: Bool
        do {
            let today = planner.calendar.day(of: current)
            // A week back, so the planner sees a Sunday whose weekly cycle was missed.
            let ran = try await backend.recentCycleRuns(before: today)
            due = try planner.due(at: current, ran: ran)
            firstDay = due.isEmpty ? false : !(try await backend.anyCycleRun(before: today))
        } catch {
            await cyclesFailed(error, at: current)
            return
        }
        var failed = false
        for kind in due {
            do {
                let lateness = try planner.lateness(of: kind, at: current)
                let outcome = try await backend.runCycle(kind, at: current)
                guard outcome.ran else { continue }
                notifier.status("Serving; \(kind.rawValue) cycle ran for \(outcome.localDate)")
                switch Self.lateRun(lateness: lateness, previousCheck: previousCheck, now: current) {
                case .onTime:
                    failures.succeeded("running the cycles on time")
                case .caughtUp where firstDay:
                    logger.notice("ran the \(kind.rawValue) cycle on the Ghost's first day, \(Int(lateness / 60)) minutes after its time")
                case .caughtUp:
                    logger.notice("caught up the \(kind.rawValue) cycle \(Int(lateness / 60)) minutes after its time (vigord was stopped or the machine slept)")
                case .missed:
                    await failures.failed(
                        "running the cycles on time", reason: "the \(kind.rawValue) cycle ran \(Int(lateness / 60)) minutes late",
                        counting: .missedCycle, in: backend, at: current)
                }
            } catch is CalendarPublishError {
                // The cycle is saved; the calendar write that failed is logged and counted as a failure of its own, and the
                // calendar is written again on the next change or tick. Another cycle due now runs at the next check.
                break
            } catch {
                failed = true
                await cyclesFailed(error, at: current)
            }
        }
        if !failed { failures.succeeded("the daily cycles") }
    }

    /// A cycle that failed: a full disk is the storage episode's to tell, and the cycle runs once the disk allows; any
    /// other failure is logged once as it begins and counts toward ghost health.
    private func cyclesFailed(_ error: any Error, at current: Date) async {
        if FailureLog.storageReason(error) != nil {
            failures.failed("the daily cycles", error: error)
        } else {
            await failures.failed(
                "the daily cycles", reason: "\(error); tried again every \(checkInterval)", counting: .missedCycle, in: backend, at: current)
        }
    }
}
