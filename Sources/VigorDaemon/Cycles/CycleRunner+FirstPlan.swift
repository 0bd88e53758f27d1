import Foundation
import GhostEngine
import GhostScheduling
import ICalendarKit

extension CycleRunner {
    /// What the first plan at setup did.
    struct FirstPlan: Sendable {
        /// The trust phase after the history was read.
        var phase: TrustPhase
        /// Days of readable history: told to the engine now, or at the last reading (a morning at start); nil when none
        /// was ever read (a Ghost past Observer before history was counted).
        var readableHistoryDays: Int?
        /// Tomorrow's block, proposed or written (an earlier one when tomorrow had one already).
        var block: ScheduledBlock?
        /// The week forecast this plan made; nil when planning failed (`notes` says why).
        var forecast: WeekForecast?
        /// The first insight from the readable history.
        var insight: AbsolutionNarrative?
        var notes: [String]
    }

    /// The first plan, whatever the hour: the evening's reading and decision (`EveningPlan`, the Observer counting
    /// the readable history first), performed and saved without the evening's mark, so tonight's evening cycle still
    /// runs (and finds tomorrow planned). Then the first insight from the last 90 days (`HistoryReading.firstInsight`).
    func firstPlan(
        now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules, home: GeoPosition?
    ) async throws -> FirstPlan {
        await takeTurn()
        defer { endTurn() }
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let tomorrow = today.adding(days: 1)
        let settings = WeekPictureReader.Settings(training: training, rules: rules, home: home)
        let evening = await eveningEvents(today: today, calendar: calendar, now: now, settings: settings)
        let (events, summary) = evening.plan
        let history = events.lazy.compactMap { if case .historyRead(let days) = $0 { days } else { nil } }.first
        _ = try await ghost.perform(events, at: now, cycle: nil)
        try await output.sync(now: now)
        let ghostNow = await ghost.current
        let block = ghostNow.blocks.first { $0.day == tomorrow && [.proposed, .scheduled].contains($0.status) }
        let forecast = evening.forecast
        let windows = forecast?.days.filter { $0.start != nil }.count ?? 0
        let past = try await reader.history(lastDay: today.adding(days: -1), days: ReadableHistory.maximumDays, calendar: calendar, settings: settings)
        let insight = try HistoryReading.firstInsight(past, protectedWindows: windows)
        logger.info("first plan ran", metadata: ["summary": "\(summary)", "phase": "\(ghostNow.trust.phase.rawValue)"])
        let read = history ?? (ghostNow.trust.readableHistoryDays > 0 ? ghostNow.trust.readableHistoryDays : nil)
        return FirstPlan(
            phase: ghostNow.trust.phase, readableHistoryDays: read, block: block, forecast: forecast, insight: insight,
            notes: summary.isEmpty ? [] : summary.components(separatedBy: "; "))
    }
}
