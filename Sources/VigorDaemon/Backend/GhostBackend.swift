import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store

/// The daemon's core, in the role of tailscale's `LocalBackend`: every change of the Ghost goes through it, and so
/// does every request. It owns the one door, `decide`: a `Decision` (the engine's events and every record kept beside
/// them) is saved in one transaction, then the held time follows a trust phase it moved, vigord's calendar follows
/// (written when what it shows changed), and the notification desk follows the Ghost's change signal. The API's handlers, the cycles, the watchers and the desktop buttons call its intent methods, which return
/// domain values; the API turns them into its views (`API/Views`).
public actor GhostBackend {
    /// The parts it coordinates. Only the backend changes the Ghost; the wiring and the tests read them.
    public nonisolated let ghost: GhostHost
    /// The configuration in force.
    public nonisolated let state: DaemonState
    public nonisolated let database: AppDatabase
    public nonisolated let calendars: CalendarHost
    /// vigord's own calendar, written only by `follow(from:at:)` and `publish(at:)`.
    public nonisolated let output: CalendarOutput
    /// Reads the pictures the cycles decide on and says which events they make.
    public nonisolated let cycles: CycleRunner
    /// Finds the conflicts of the week's blocks after the busy picture changed.
    public nonisolated let replanner: Replanner
    public nonisolated let health: HealthIntake
    /// The notification inbox.
    public nonisolated let notifications: NotificationDesk
    /// Where failures are logged once when they start and once when they clear.
    public nonisolated let failures: FailureLog
    /// Told when a decision changed what the week's blocks depend on (travel, sacred time); the replanning waits on it.
    public nonisolated let replan: ChangeSignal
    /// When the daemon started, for `status`.
    public nonisolated let startedAt: Date
    let logger: Logger
    /// Whether a cycle is running, and the runs waiting for it: an actor lets a second run in while the first awaits
    /// the engine, so two runs of one day (a catch-up at start and `cycle.run`) would both pass the once-per-day check.
    var cycleRunning = false
    var waitingRuns: [CheckedContinuation<Void, Never>] = []

    public init(
        ghost: GhostHost, state: DaemonState, database: AppDatabase, calendars: CalendarHost, output: CalendarOutput,
        cycles: CycleRunner, replanner: Replanner, health: HealthIntake, notifications: NotificationDesk, failures: FailureLog,
        replan: ChangeSignal = ChangeSignal(), startedAt: Date, logger: Logger
    ) {
        self.ghost = ghost
        self.state = state
        self.database = database
        self.calendars = calendars
        self.output = output
        self.cycles = cycles
        self.replanner = replanner
        self.health = health
        self.notifications = notifications
        self.failures = failures
        self.replan = replan
        self.startedAt = startedAt
        self.logger = logger
    }

    // MARK: the one door

    /// Saves `decision` in one transaction (the engine's events, their receipts and every record beside them), then
    /// lets the calendar follow. On an engine or storage error nothing changed; a failed calendar write is thrown as
    /// `CalendarPublishError` and the decision stays saved.
    @discardableResult
    func decide(_ decision: Decision, at now: Date) async throws -> DecisionOutcome {
        try await following(at: now) { try await save(decision, at: now) }
    }

    /// One event as one decision.
    @discardableResult
    func decide(_ event: GhostEvent, at now: Date) async throws -> DecisionOutcome {
        try await decide(Decision([event]), at: now)
    }

    /// Saves `decision` in one transaction without the calendar's pass, for a change whose pass is elsewhere: each step
    /// of a `following` (a health import's workouts, the sessions a reload's profile changes), the user's edits found
    /// while the calendar is written, a failure counted on the calendar's behalf, the system zone kept at start.
    /// Everything else calls `decide`. A decision that holds nothing saves nothing.
    @discardableResult
    func save(_ decision: Decision, at now: Date) async throws -> DecisionOutcome {
        guard !decision.holdsNothing else { return DecisionOutcome(effects: [], said: nil, saved: DecisionSaved()) }
        let done = try await ghost.perform(
            decision.events, at: now, beside: try decision.records(at: now), pruning: decision.pruning,
            verdict: decision.verdict ?? { _, _ in nil })
        if let book = decision.holdBook { await output.holds.adopt(book, notes: decision.holdNotes) }
        if done.pruned > 0 { logger.info("pruned old receipts", metadata: ["count": "\(done.pruned)"]) }
        return DecisionOutcome(effects: done.effects, said: done.said, saved: done.saved)
    }

    /// Runs `change`, then lets the held time follow a trust phase it moved (see `holdsFollowPhase`) and vigord's
    /// calendar follow what it changed (see `follow`).
    func following<T: Sendable>(at now: Date, _ change: () async throws -> T) async throws -> T {
        let before = await face(at: now)
        let phase = await ghost.current.trust.phase
        let result = try await change()
        await holdsFollowPhase(from: phase, at: now)
        try await follow(from: before, at: now)
        return result
    }

    /// When the phase moved from `before` (`HoldPlan.followsPhase`), the holds are decided again on the re-planning
    /// picture with the last forecast, as a decision of their own when a hold came or went: a promotion holds the week
    /// at once, a step back releases what the new phase does not allow. A failure is logged: the change stands, and
    /// the next evening decides the holds.
    private func holdsFollowPhase(from before: TrustPhase, at now: Date) async {
        let after = await ghost.current.trust.phase
        guard HoldPlan.followsPhase(from: before, to: after) else { return }
        do {
            let settings = WeekPictureReader.Settings(await state.config)
            let picture = try await replanner.picture(now: now, settings: settings)
            // Saved only when a hold came or went: a phase that holds nothing before or after keeps no book.
            guard let change = try await output.holds.plan(picture, now: now, settings: settings.hold),
                  change.book.holds != (await output.holds.book.holds) else { return }
            var decision = Decision()
            decision.holdBook = change.book
            decision.holdNotes = change.notes
            try await save(decision, at: now)
        } catch {
            logger.warning("the holds could not follow the trust phase; the next evening decides them", metadata: [
                "from": "\(before.rawValue)", "to": "\(after.rawValue)", "error": "\(error)",
            ])
        }
    }

    /// What vigord's calendar shows: the Ghost's blocks and recovery times, and the held time.
    struct CalendarFace: Equatable {
        var ghost: ShownOnCalendar
        var holds: HoldBook
    }

    /// What vigord's calendar shows now, to tell whether a decision changed it.
    func face(at now: Date) async -> CalendarFace {
        CalendarFace(ghost: await ghost.shownOnCalendar(at: now), holds: await output.holds.book)
    }

    /// vigord's calendar follows the Ghost: written when what it shows changed since `before`, otherwise only when its
    /// last write failed (the folder may be writable again). Any failure on the way is the calendar's: the decision
    /// before it is saved (`CalendarPublishError`).
    private func follow(from before: CalendarFace, at now: Date) async throws {
        let changed = await face(at: now) != before
        let owed = output.owesWrite
        guard changed || owed else { return }
        do {
            try await publish(at: now)
        } catch let error as CalendarPublishError {
            throw error
        } catch {
            throw CalendarPublishError(cause: error)
        }
    }

    /// Writes vigord's calendar whatever changed (at start, after a purge); the user's edits found on the way go to
    /// the Ghost first.
    @discardableResult
    public func publish(at now: Date) async throws -> WriteReport {
        let report: WriteReport
        do {
            report = try await output.write(now: now)
        } catch let error as CalendarPublishError {
            if error.beganFailing { await countFailure(.calendarWriteFailed, at: now) }
            throw error
        }
        try await learn(report.userChanges, at: now)
        if try await output.writeShadow(now: now, ghostChanged: !report.userChanges.isEmpty) {
            await countFailure(.calendarWriteFailed, at: now)
        }
        return report
    }

    /// Counts a failure episode that began toward ghost health (the engine's `backgroundFailed`), without a calendar
    /// pass (the failure may be the calendar's own); one that cannot be saved is logged.
    func countFailure(_ kind: GhostFailure, at now: Date) async {
        do {
            try await save(Decision([.backgroundFailed(kind)]), at: now)
        } catch {
            // On a full disk the storage episode tells why; counting waits for the disk with it.
            guard FailureLog.storageReason(error) == nil else { return }
            logger.error("could not count a failure toward ghost health: \(error)", metadata: ["failure": "\(kind)"])
        }
    }

    // MARK: vigord's calendar

    /// At start: hands the edits the user made while vigord was down to the Ghost, changes the coming sessions a profile
    /// edited meanwhile rules out, then writes the calendar once, so a decision saved just before a crash reaches the
    /// vdir at once.
    public func bringCalendarUpToDate(at now: Date) async throws -> WriteReport {
        _ = try await learnCalendarEdits(at: now)
        // A profile edited while vigord was down counts as at a reload.
        await reviseSessionKinds(at: now)
        return try await publish(at: now)
    }

    /// Hands the user's edits of vigord's calendar to the Ghost (the folder changed), and writes the calendar when its
    /// last write failed; returns the edits.
    public func learnCalendarEdits(at now: Date) async throws -> [BlockChange] {
        let edits = try await output.detectEdits()
        try await learn(edits, at: now)
        if !edits.isEmpty, try await output.writeShadow(now: now, ghostChanged: true) {
            await countFailure(.calendarWriteFailed, at: now)
        }
        do {
            if output.owesWrite { try await publish(at: now) }
        } catch let error as CalendarPublishError {
            // Still not writable: the write counted and logged the failure when it began.
            logger.debug("vigord's calendar is still not writable", metadata: ["error": "\(error)"])
        }
        return edits
    }

    /// Hands the user's edits to the Ghost, each as a decision of its own (one the engine refuses does not hold up the
    /// others): deleting or moving a block the Ghost wrote itself, deleting one the user accepted. Other edits are the
    /// user's to make, and only noted.
    private func learn(_ changes: [BlockChange], at now: Date) async throws {
        for change in changes {
            let current = await ghost.current
            // An edit of held time is the holds' (never the breaker's): the hold desk learns it.
            let hold = await output.holds.edited(by: change, calendar: current.calendar)
            if hold.isHold {
                if let next = hold.next {
                    var decision = Decision()
                    decision.holdBook = next
                    try await save(decision, at: now)
                    logger.info("held time edited in a calendar app", metadata: ["block": "\(change.blockID)", "change": "\(change.kind.rawValue)"])
                }
                continue
            }
            guard await output.wroteItem(of: change), let event = CalendarOutput.event(for: change, in: current) else {
                logger.info("calendar edit noted", metadata: ["block": "\(change.blockID)", "change": "\(change.kind.rawValue)"])
                continue
            }
            do {
                try await save(Decision([event]), at: now)
                logger.info("calendar edit learned", metadata: ["block": "\(change.blockID)", "change": "\(change.kind.rawValue)"])
            } catch let error as EngineError {
                logger.warning("calendar edit not applied", metadata: ["block": "\(change.blockID)", "error": "\(error.message)"])
            }
        }
    }

    // MARK: notifications

    /// Brings the notification inbox up to date at `now`, after a change of the Ghost or at a turn of the rules;
    /// `poorNight`, when the caller read last night already, saves reading it again.
    public func settleNotifications(at now: Date) async {
        await settleNotifications(at: now, poorNight: nil)
    }

    func settleNotifications(at now: Date, poorNight known: Bool?) async {
        let config = await state.config
        let zone = config.schedule.zone
        let today = LocalCalendar(timeZone: zone).day(of: now)
        let poorNight = if let known { known } else { await cycles.poorNight(before: today, settings: .init(config)) }
        let failing = await notifications.settle(now: now, rules: config.notify.rules, poorNight: poorNight, zone: zone)
        for _ in 0..<failing { await countFailure(.notificationFailed, at: now) }
    }
}
