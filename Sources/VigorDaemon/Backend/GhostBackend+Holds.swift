import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

extension GhostBackend {
    /// The user holds `days` (their likely sessions) in the calendar, or releases them; the holds are decided again on
    /// today's picture and vigord's calendar follows before the answer. An Observer holds nothing
    /// (`BackendError.observerHoldsNothing`); a release is taken at every phase. `wholeWeek` (the weekly question's yes,
    /// `vigorctl plan --hold week`) at Scheduler also accepts the sessions the question names (`WeekAcceptance`), the
    /// proposal of the forecast's first day among them (the evening's for tomorrow: accepted as `accept` would).
    public func hold(days: [LocalDay], release: Bool, wholeWeek: Bool = false, at now: Date) async throws -> WeekOutlook {
        let phase = await ghost.current.trust.phase
        if !release, phase == .observer { throw BackendError.observerHoldsNothing }
        if !release, days.count == 1, let day = days.first { try await checkHoldable(day, at: now) }
        let settings = WeekPictureReader.Settings(await state.config)
        var answered = await output.holds.consented(hold: !release, days: days)
        if !release && wholeWeek {
            let accepted = try await output.holds.acceptedWeek(days, phase: phase, ghost: await ghost.current, now: now)
            answered = accepted.book
            if let proposal = accepted.proposal { _ = try await answerProposal(block: proposal.id, accept: true, at: now) }
        }
        let picture = try await replanner.picture(now: now, settings: settings)
        var decision = Decision()
        if let change = try await output.holds.plan(picture, from: answered, now: now, settings: settings.hold) {
            decision.holdBook = change.book
            decision.holdNotes = change.notes
        }
        try await decide(decision, at: now)
        return try await weekOutlook(at: now)
    }

    /// A day the user asks to hold by name has a likely session in the last forecast, or only lost it to the week's
    /// other days (the next evening then keeps it); otherwise the request is refused with the reason
    /// (`BackendError.nothingToHold`) before anything is saved.
    private func checkHoldable(_ day: LocalDay, at now: Date) async throws {
        let outlook = try await weekOutlook(at: now)
        guard let forecast = outlook.forecast else {
            throw BackendError.nothingToHold(day: day.description, reason: "there is no forecast yet; the evening cycle plans the week (vigorctl cycle evening runs it now)")
        }
        guard let planned = forecast.days.first(where: { $0.date == day.description }) else {
            throw BackendError.nothingToHold(day: day.description, reason: "the last forecast does not reach it; the evening cycle plans it")
        }
        if let block = outlook.ghost.blocks.first(where: { $0.day == day && [.scheduled, .proposed].contains($0.status) }) {
            throw BackendError.nothingToHold(
                day: day.description, reason: "its session is \(block.status == .scheduled ? "on your calendar" : "proposed") already (\(block.id.rawValue))")
        }
        // A day left empty only because the week's sessions went to other days can be held: the next evening's plan
        // keeps a held day while the week has room (`WeekPicture.heldDays`).
        guard let start = planned.start else {
            if planned.why == .weekFull { return }
            throw BackendError.nothingToHold(day: day.description, reason: planned.reason)
        }
        if outlook.ghost.blocks.contains(where: { $0.day == day && $0.status == .declined && $0.start == start }) {
            throw BackendError.nothingToHold(day: day.description, reason: "you declined its session")
        }
    }
}
