import CivilCalendar
import Foundation
import GhostEngine

/// What an evening decides from its week picture: the engine events to perform, the week's forecast to keep, and
/// the notes for the cycle's summary.
public struct EveningPlan: Sendable, Equatable {
    /// The engine events, in order: the tick, the calendars' health, the readable history (an Observer's), then tomorrow's placement or why it has none.
    public var events: [GhostEvent]
    /// The forecast of the week from tomorrow; nil when planning failed (the notes say why).
    public var forecast: WeekForecast?
    /// Sentences for the cycle's summary, in order.
    public var notes: [String]
    /// Tomorrow's training week against what the user asked, as this evening planned it; nil when nothing was planned.
    public var week: WeekTally? = nil

    /// The hour skip risk is computed for when `[training] preferred` is empty.
    public static let defaultSlotHour = 7

    /// Plans the picture's week (tomorrow and six more days) and asks the Ghost to place tomorrow's block where the
    /// slot finder puts it, of the kind `SessionKindChoice` gives it (none when every kind is ruled out), at the slot's
    /// score (the engine decides whether it writes, proposes or only learns); a session the user accepted with the week
    /// (`WeekAcceptance`) at that very time goes to the engine as accepted. A failed source counts against ghost
    /// health and makes its days unknown (proposals at most); unreadable calendars leave tomorrow empty; during
    /// recovery time that reaches into tomorrow nothing is placed.
    public static func decide(_ picture: WeekPicture) -> EveningPlan {
        let tomorrow = picture.firstDay
        if let failure = picture.calendarFailure {
            return EveningPlan(
                events: [.tick, .backgroundFailed(.calendarReadFailed), .dayLeftEmpty(tomorrow, .unknownDay)],
                forecast: WeekForecast(firstDay: tomorrow, why: .unknownDay), notes: ["could not read the calendars: \(failure)"])
        }
        let failed = picture.failedSources
        var plan = EveningPlan(
            events: [.tick, failed.isEmpty ? .backgroundSucceeded : .backgroundFailed(.calendarReadFailed)]
                + picture.historyEvents, forecast: nil,
            notes: ["read the week from \(tomorrow): \(picture.busy.count) busy interval(s)"
                + (failed.isEmpty ? "" : "; failed sources: \(failed.joined(separator: ", ")), their days unknown")])
        if picture.recoveryTimeIntoFirstDay {
            plan.forecast = WeekForecast(firstDay: tomorrow, days: 1, why: .recoveryTime)
            plan.events.append(.dayLeftEmpty(tomorrow, .recoveryTime))
            plan.notes.append("recovery time runs into tomorrow, so nothing is placed")
            return plan
        }
        do {
            try plan.placeTomorrow(picture)
        } catch {
            plan.notes.append("could not plan: \(error)")
        }
        return plan
    }

    /// The week's plan with skip risks and learned slots, the forecast, and tomorrow's placement request.
    private mutating func placeTomorrow(_ picture: WeekPicture) throws {
        let tomorrow = picture.firstDay
        let planned = picture.plannedBlocks
        let finder = try picture.slotFinder()
        let history = picture.history
        let travel = try picture.travel()
        if !travel.reasons.isEmpty { notes.append("travel: " + travel.reasons.joined(separator: "; ")) }
        let forecasts = try WeekSkipForecast.forecast(
            firstDay: tomorrow, days: picture.days,
            slotHour: picture.settings.preferredWindows.first?.from.hour ?? Self.defaultSlotHour,
            busy: picture.busy, calendar: picture.calendar, lastNightSleepMinutes: try picture.lastNightSleepMinutes(),
            history: history, rules: picture.rules.patterns)
        let request = picture.slotRequest(
            travelDays: travel.days, existingSessions: planned.map(\.start),
            slotPreferences: OptimalWindows.preferences(history, rules: picture.rules.patterns),
            skipPredictions: forecasts.map(\.request))
        let week = try finder.planWeek(request)
        let forecast = WeekForecast(
            plan: week, firstDay: tomorrow, skipRisk: Dictionary(forecasts.map { ($0.day, $0.prediction.probability) }) { first, _ in first })
            .withKinds { day, earlier in picture.sessionKind(on: day, planned: earlier) }
        self.forecast = forecast
        notes += picture.following.sentences
        notes.append("\(forecast.days.dropFirst().filter { $0.start != nil }.count) more session(s) likely this week")
        self.week = week.week(of: tomorrow)
        if let tally = week.week(of: tomorrow) {
            notes.append("training week from \(tally.firstDay): \(tally.counted) session(s) done or on the calendar, "
                + "\(tally.chosen) more planned, \(tally.asked) asked" + (tally.shortfall.map { " (\($0))" } ?? ""))
        }
        if planned.contains(where: { $0.day == tomorrow }) {
            notes.append("tomorrow already has a block")
            return
        }
        let kind = picture.sessionKind(on: tomorrow)
        guard let block = week.block(on: tomorrow), kind.kind != nil else {
            let why = forecast.days.first?.why ?? .weekFull
            // A week the plan stepped back in is full at one session: the reason says why it asks for one.
            let steppedBack = picture.following.steppedBack ? picture.following.sentences.first : nil
            let reason = why == .weekFull ? [forecast.days.first?.reason, steppedBack].compactMap { $0 }.joined(separator: " ") : nil
            events.append(.dayLeftEmpty(tomorrow, why, reason: reason?.isEmpty == false ? reason : nil))
            notes.append("no block tomorrow: \(forecast.days.first?.reason ?? why.sentence)")
            return
        }
        let confidence = block.chosen.score
        let skip = forecasts.first { $0.day == tomorrow }
        let candidate = block.candidate(
            confidence: confidence, extra: (skip?.receiptInputs ?? []) + kind.receiptInputs + picture.following.receiptInputs(block.chosen),
            kind: kind.kind)
        let alternatives = block.alternativeCandidates(confidence: confidence, kind: kind.kind)
        if case .write(let acceptedAt) = picture.weekAcceptance?.verdict(day: tomorrow, start: candidate.start) ?? .ask {
            events.append(.acceptedSessionPlaced(candidate, alternatives: alternatives, acceptedAt: acceptedAt))
            notes.append("tomorrow's session was accepted with the week")
        } else {
            events.append(.placementRequested(candidate, alternatives: alternatives))
        }
        let fit = picture.following.inOwnHours(block.chosen) ? ["at the hours you train on your own"] : block.fitWords
        notes.append("best time tomorrow \(block.chosen.localStart) (\(fit.joined(separator: ", "))"
            + (skip.map { ", a \(Percent.text($0.prediction.probability)) chance you skip it" } ?? "") + "): "
            + (kind.kind?.phrase ?? "") + (kind.ruledOutWords.map { "; ruled out: \($0)" } ?? ""))
    }
}
