import CivilCalendar
import Foundation
import GhostEngine
import ICalendarKit
import GhostScheduling
import Store
import VigorConfig

/// What pressing the red button did: the recovery time (and why it is not recorded yet, if so), the blocks inside it
/// that were withdrawn, and the calendar file that shows it.
public struct RedButtonOutcome: Sendable {
    public var press: RedButtonPress
    public var withdrawn: [BlockID]
    public var file: String?
}

extension GhostBackend {
    /// Runs a morning, evening or weekly cycle now (at most once per local date, as the timers do); with `ifDue`, only
    /// when vigord's schedule says it is due.
    public func runCycle(_ kind: CycleKind, ifDue: Bool = false, at now: Date) async throws -> CycleReport {
        let config = await state.config
        let settings = WeekPictureReader.Settings(config)
        if ifDue {
            let schedule = config.schedule
            let planner = CyclePlanner(zone: schedule.zone, morning: schedule.morning, evening: schedule.evening)
            let today = planner.calendar.day(of: now)
            guard try planner.due(at: now, ran: try await cycles.recentRuns(before: today)).contains(kind) else {
                return CycleReport(kind: kind, localDate: today, ran: false, summary: "not due now")
            }
        }
        return try await runCycle(kind, now: now, settings: settings)
    }

    /// As `runCycle(_:now:settings:)` under settings other than the configuration's: for tests.
    func runCycle(
        _ kind: CycleKind, now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection = .init(),
        rules: SchedulingRules = .standard, home: GeoPosition? = nil, hold: HoldSettings = HoldSettings(),
        profile: TrainingProfile = TrainingProfile()
    ) async throws -> CycleReport {
        try await runCycle(
            kind, now: now, settings: .init(zone: zone, training: training, rules: rules, home: home, profile: profile, hold: hold))
    }

    /// Runs `kind` for the local date of `now` unless it already ran that day, under the user's `settings`: the cycle's
    /// decision (events, receipts, records and mark) is saved in one transaction, then the calendar follows. Runs wait
    /// for each other.
    func runCycle(_ kind: CycleKind, now: Date, settings: WeekPictureReader.Settings) async throws -> CycleReport {
        if cycleRunning { await withCheckedContinuation { waitingRuns.append($0) } }
        cycleRunning = true
        defer {
            if waitingRuns.isEmpty { cycleRunning = false } else { waitingRuns.removeFirst().resume() }
        }
        switch try await cycles.plan(kind, now: now, settings: settings) {
        case .alreadyRan(let outcome):
            return outcome
        case .run(var decision, var outcome):
            // The planner asks for a placement; what the engine did with it is said from its effects.
            decision.verdict = { ghost, effects in PlacementVerdict.note(effects, ghost: ghost, now: now) }
            let said = try await decide(decision, at: now).said
            if let said { outcome.summary = outcome.summary.isEmpty ? said : outcome.summary + "; " + said }
            logger.info("cycle ran", metadata: ["cycle": "\(kind.rawValue)", "date": "\(outcome.localDate)", "summary": "\(outcome.summary)"])
            return outcome
        }
    }

    /// Tells the engine the time between cycles (`tick`) and defends the holds now close enough; the calendar follows.
    public func tick(at now: Date) async throws {
        var decision = Decision([.tick])
        decision.holdBook = await output.holds.defending(now: now)
        try await decide(decision, at: now)
    }

    /// Records presses of the red button that a full disk held back, and lets the calendar follow; true when one was
    /// recorded.
    public func settleHeldPresses(at now: Date) async throws -> Bool {
        guard await ghost.holdsUnrecordedPress else { return false }
        return try await following(at: now) { try await ghost.recordHeldPresses(at: now) }
    }

    /// The red button: recovery time for `minutes` from now, and the blocks inside it withdrawn. The press holds even
    /// when the database cannot record it (see `GhostHost.pressRedButton`); that failure is logged once.
    public func pressRedButton(minutes: Int, at now: Date) async throws -> RedButtonOutcome {
        let open = Set(await ghost.current.blocks.filter { [.scheduled, .proposed].contains($0.status) }.map(\.id))
        let press = try await following(at: now) {
            let press = await ghost.pressRedButton(
                startedAt: now, endsAt: now.addingTimeInterval(Double(minutes) * 60), reason: RedButton.reason(minutes: minutes))
            if let problem = press.notRecorded {
                failures.failed("recording a press of the red button", reason: problem)
            }
            return press
        }
        let withdrawn = await ghost.current.blocks.filter { open.contains($0.id) && $0.status == .removed }.map(\.id)
        return RedButtonOutcome(
            press: press, withdrawn: withdrawn, file: try await output.file(ofItem: CalendarContent.recoveryID(press.emergency)))
    }
}

extension GhostBackend {
    /// Re-checks the blocks of the coming week after the busy picture changed and hands their conflicts to the engine,
    /// with the holds decided again on the week as the conflicts leave it, as one decision; returns how many there were.
    @discardableResult
    public func replanWeek(at now: Date) async throws -> Int {
        let settings = WeekPictureReader.Settings(await state.config)
        let found = try await replanner.conflicts(now: now, settings: settings)
        var decision = Decision(found.events)
        if !(await output.holds.book.holds.isEmpty) {
            let picture = if let after = found.picture {
                after
            } else {
                try await replanner.picture(now: now, settings: settings)
            }
            if let change = try await output.holds.plan(picture, now: now, settings: settings.hold) {
                decision.holdBook = change.book
                decision.holdNotes = change.notes
            }
        }
        try await decide(decision, at: now)
        return found.events.count
    }
}
