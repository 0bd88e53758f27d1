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
        return FirstPlan(
            phase: ghostNow.trust.phase, readableHistoryDays: read, block: block, forecast: decision.forecast, insight: insight,
            notes: (decision.summary.isEmpty ? [] : decision.summary.components(separatedBy: "; ")) + (said.map { [$0] } ?? []))
    }
}
