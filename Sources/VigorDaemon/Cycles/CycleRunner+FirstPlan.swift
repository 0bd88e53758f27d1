import Foundation
import GhostEngine
import GhostScheduling
import ICalendarKit
import VigorConfig

extension CycleRunner {
    /// What the first plan at setup decided, before the backend saves it.
    struct FirstPlanDecision: Sendable {
        /// The evening's decision (the Observer counting the readable history first), to save without the evening's mark.
        var decision: Decision
        var summary: String
        /// The week forecast this plan made; nil when planning failed (`summary` says why).
        var forecast: WeekForecast? { decision.forecast?.value }
        /// Days of readable history told to the engine now, if the Ghost is still an Observer.
        var historyRead: Int? {
            decision.events.lazy.compactMap { if case .historyRead(let days) = $0 { days } else { nil } }.first
        }
    }

    /// The first plan, whatever the hour: the evening's reading and decision (`EveningPlan`), returned, not saved:
    /// the backend saves it without the evening's mark, so tonight's evening cycle still runs (and finds tomorrow
    /// planned). Before today's preferred hours (`plansToday`) the week starts today, and today gets its block when the
    /// plan puts one there that starts after `now`; otherwise the week starts tomorrow, as the evening's does.
    func firstPlan(now: Date, settings: WeekPictureReader.Settings) async -> FirstPlanDecision {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let today = calendar.day(of: now)
        if Self.plansToday(now: now, calendar: calendar, training: settings.training) {
            var (decision, said) = await eveningDecision(today: today, fromToday: true, calendar: calendar, now: now, settings: settings)
            let placed = decision.events.contains { if case .placementRequested(let offer, _) = $0 { offer.start > now } else { false } }
            if placed {
                // Never an offer already past: the slot finder may offer earlier times of the day as alternatives.
                decision.events = decision.events.map { event -> GhostEvent in
                    guard case .placementRequested(let offer, let alternatives) = event else { return event }
                    return .placementRequested(offer, alternatives: alternatives.filter { $0.start > now })
                }
                // The evening's notes call the first day of its week "tomorrow"; here that day is today.
                return FirstPlanDecision(decision: decision, summary: said.replacing("tomorrow", with: "today"))
            }
        }
        let (decision, said) = await eveningDecision(today: today, calendar: calendar, now: now, settings: settings)
        return FirstPlanDecision(decision: decision, summary: said)
    }

    /// Whether the first plan at `now` starts its week today: before the earliest of `[training] preferred` (before
    /// `earliest` when no window is preferred), so a session today can still start in the preferred hours.
    static func plansToday(now: Date, calendar: LocalCalendar, training: DaemonConfig.TrainingSection) -> Bool {
        let start = training.preferred.map(\.from).min() ?? training.earliest
        let local = calendar.moment(at: now)
        return local.hour * 60 + local.minute < start.minuteOfDay
    }

    /// The first insight from the last 90 days (`HistoryReading.firstInsight`), with the number of protected windows
    /// the week forecast found.
    func firstInsight(now: Date, settings: WeekPictureReader.Settings, protectedWindows: Int) async throws -> AbsolutionNarrative? {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let past = try await reader.history(
            lastDay: calendar.day(of: now).adding(days: -1), days: ReadableHistory.maximumDays, calendar: calendar, settings: settings)
        return try HistoryReading.firstInsight(past, protectedWindows: protectedWindows)
    }
}
