import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// What the first plan at setup did.
public struct FirstPlan: Sendable {
    /// The trust phase after the history was read.
    public var phase: TrustPhase
    /// Days of readable history: told to the engine now, or at the last reading (a morning at start); nil when none
    /// was ever read (a Ghost past Observer before history was counted).
    public var readableHistoryDays: Int?
    /// The first planned day's block (today's before today's preferred hours, else tomorrow's), proposed or written.
    public var block: ScheduledBlock?
    /// The week forecast this plan made; nil when planning failed (`notes` says why).
    public var forecast: WeekForecast?
    /// The first insight from the readable history.
    public var insight: AbsolutionNarrative?
    public var notes: [String]
    /// When no block was placed: the evening expected to make the first proposal, and the rule that decided.
    public var waiting: Waiting?

    /// Why the first plan placed nothing, and when the first proposal is due.
    public struct Waiting: Sendable, Equatable {
        /// The evening cycle that will propose, at its time; nil when the week holds no session at all.
        public var evening: Date?
        /// The day it will propose for.
        public var forDay: LocalDay?
        /// The rule that decided, in words.
        public var because: String
    }
}

extension GhostBackend {
    /// The first plan at the end of `vigorctl setup`, whatever the hour (before today's preferred hours its week starts
    /// today): the evening's decision (`CycleRunner.firstPlan`)
    /// saved without the evening's mark, so tonight's evening cycle still runs; the calendar follows. Then the first
    /// insight from the last 90 days. Waits for a running cycle, as cycles wait for each other.
    public func firstPlan(at now: Date) async throws -> FirstPlan {
        if cycleRunning { await withCheckedContinuation { waitingRuns.append($0) } }
        cycleRunning = true
        defer {
            if waitingRuns.isEmpty { cycleRunning = false } else { waitingRuns.removeFirst().resume() }
        }
        let settings = WeekPictureReader.Settings(await state.config)
        let zone = settings.zone
        var decision = await cycles.firstPlan(now: now, settings: settings)
        decision.decision.verdict = { ghost, effects in PlacementVerdict.note(effects, ghost: ghost, now: now) }
        let said = try await decide(decision.decision, at: now).said
        let ghostNow = await ghost.current
        let firstDay = decision.forecast.flatMap { LocalDay(iso: $0.days.first?.date ?? "") }
            ?? LocalCalendar(timeZone: zone).day(of: now).adding(days: 1)
        let block = ghostNow.blocks.first { $0.day == firstDay && [.proposed, .scheduled].contains($0.status) }
        let windows = decision.forecast?.days.filter { $0.start != nil }.count ?? 0
        let insight = try await cycles.firstInsight(now: now, settings: settings, protectedWindows: windows)
        logger.info("first plan ran", metadata: ["summary": "\(decision.summary)", "phase": "\(ghostNow.trust.phase.rawValue)"])
        let read = decision.historyRead ?? (ghostNow.trust.readableHistoryDays > 0 ? ghostNow.trust.readableHistoryDays : nil)
        let evening = await state.config.schedule.evening
        let waiting = block == nil
            ? try Self.waiting(ghost: ghostNow, forecast: decision.forecast, now: now, evening: evening, zone: zone) : nil
        return FirstPlan(
            phase: ghostNow.trust.phase, readableHistoryDays: read, block: block, forecast: decision.forecast, insight: insight,
            notes: (decision.summary.isEmpty ? [] : decision.summary.components(separatedBy: "; ")) + (said.map { [$0] } ?? []),
            waiting: waiting)
    }

    /// Why the first plan placed no block, and when the first proposal is due: an Observer proposes on the evening of
    /// the day it has seen its week (`TrustLadder.firstSchedulerDay`); past Observer, the evening before the forecast's
    /// first day with a session, and the forecast's first day says why it has none.
    static func waiting(
        ghost: Ghost, forecast: WeekForecast?, now: Date, evening: TimeOfDay, zone: TimeZone
    ) throws(EngineError) -> FirstPlan.Waiting? {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        func eveningOf(_ day: LocalDay) throws(EngineError) -> Date {
            CycleTimes.next(evening, after: try calendar.startOfDay(day).addingTimeInterval(-1), in: zone)
        }
        if let day = ghost.trust.firstSchedulerDay(after: today, rules: ghost.rules.trust) {
            let needed = ghost.rules.trust.toScheduler.minDaysInPreviousPhase
            let seen = ghost.trust.observedDays(by: today)
            return FirstPlan.Waiting(
                evening: try eveningOf(day), forDay: day.adding(days: 1),
                because: "an Observer only watches until it has seen a week (\(needed) days; \(seen) so far, the history your "
                    + "calendars and health data show counted), then it proposes")
        }
        guard let forecast, let first = forecast.days.first else { return nil }
        let next = forecast.days.first { $0.start != nil }.flatMap { LocalDay(iso: $0.date) }
        let because = "nothing on \(first.date): \(first.reason)"
        let proposing = try next.map { day throws(EngineError) in try eveningOf(day.adding(days: -1)) }
        return FirstPlan.Waiting(evening: proposing, forDay: next, because: because)
    }
}
