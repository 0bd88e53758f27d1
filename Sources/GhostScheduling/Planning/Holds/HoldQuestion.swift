import CivilCalendar
import Foundation
import GhostEngine

/// What the weekly receipt says about held time: at Scheduler the question that asks for the week ("This week: Tue
/// 07:00, Thu 18:00, Sat 09:00 — hold these?"), from Auto-Scheduler up what is held on its own; at Observer nothing.
public enum HoldQuestion {
    /// The sentence, and whether it asks (a "Hold these" answer goes with it); nil when there is nothing to say.
    /// - Parameters:
    ///   - forecast: the last evening's forecast; its first day is the evening's to decide, so it is never held.
    ///   - book: the holds in force and what the user said.
    ///   - proposal: the proposed block of the forecast's first day (`proposalNamed`): the question names it first, and
    ///     its yes accepts it, so Sunday's one notification asks once for the whole week, Monday included.
    ///   - askedSince: when the receipt that asks was built: a yes since then answered its question, which is not asked
    ///     again (nil: asked until the week's sessions are held).
    public static func sentence(
        forecast: WeekForecast?, book: HoldBook, phase: TrustPhase, calendar: LocalCalendar, now: Date,
        proposal: ScheduledBlock? = nil, askedSince: Date? = nil
    ) -> (text: String, asks: Bool)? {
        switch phase {
        case .observer:
            return nil
        case .scheduler:
            if let askedSince, let yes = book.acceptance, yes.acceptedAt >= askedSince { return nil }
            let open = askedSessions(forecast: forecast, book: book, now: now, proposal: proposal).map(\.start)
            guard !open.isEmpty else { return nil }
            return ("This week: \(labels(open, calendar)) — hold these? "
                + HoldQuestion.acceptanceSentence, true)
        case .autoScheduler, .transformer, .fullGhost:
            let held = book.holds.filter { $0.start > now }.map(\.start)
            guard !held.isEmpty else { return nil }
            return ("Held for you this week: \(labels(held, calendar)). Delete one to free its day.", false)
        }
    }

    /// What a Scheduler's yes does besides holding (`WeekAcceptance`).
    public static let acceptanceSentence = "Yes also books each one the evening before, without a daily question; a changed time is asked again."

    /// The proposed block of the forecast's first day, still ahead at `now`: the evening proposed it, and the weekly
    /// question names it too.
    public static func proposalNamed(forecast: WeekForecast?, ghost: Ghost, now: Date) -> ScheduledBlock? {
        guard let date = forecast?.days.first?.date, let first = LocalDay(iso: date) else { return nil }
        return ghost.blocks.first { $0.day == first && $0.status == .proposed && $0.start > now }
    }

    /// The sessions a Scheduler's question names: `proposal` (the first day's proposed block), then the forecast's after
    /// its first day, still ahead, in the Monday–Sunday week of its first day ("this week": a forecast made on Monday
    /// evening reaches next Monday, which is next week's to ask), neither held nor released. A yes accepts exactly these
    /// (`WeekAcceptance`).
    public static func askedSessions(
        forecast: WeekForecast?, book: HoldBook, now: Date, proposal: ScheduledBlock? = nil
    ) -> [WeekAcceptance.Session] {
        let first = proposal.map { [WeekAcceptance.Session(day: $0.day, start: $0.start)] } ?? []
        guard let forecast, let firstDay = forecast.days.first.flatMap({ LocalDay(iso: $0.date) }) else { return first }
        let lastDay = HoldConsent.monday(of: firstDay).adding(days: 6)
        return first + forecast.days.dropFirst().compactMap { day -> WeekAcceptance.Session? in
            guard let start = day.start, start > now, let local = LocalDay(iso: day.date), local <= lastDay,
                  book.hold(on: local) == nil, !book.consent.releasedDays.contains(local)
            else { return nil }
            return WeekAcceptance.Session(day: local, start: start)
        }
    }

    /// "Tue 07:00, Thu 18:00" in the user's zone.
    static func labels(_ starts: [Date], _ calendar: LocalCalendar) -> String {
        starts.sorted().map { start in
            let local = calendar.moment(at: start)
            return SlotKey(local).label(minute: local.minute)
        }.joined(separator: ", ")
    }
}
