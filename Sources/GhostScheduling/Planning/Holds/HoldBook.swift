import CivilCalendar
import Foundation
import GhostEngine

/// Everything vigord keeps about held time, as one value the daemon saves as JSON: the holds in force, what the user
/// said about holding, and the slots whose holds the user deleted (learned softly: only holds avoid them).
public struct HoldBook: Codable, Sendable, Equatable {
    /// The holds in force, in day order.
    public var holds: [Hold] = []
    /// What the user said.
    public var consent = HoldConsent()
    /// Weekday+hour slots whose hold the user deleted; a later hold avoids them (blocks, trust and breaker never see it).
    public var avoidedSlots: [SlotKey] = []
    /// A Scheduler's yes to the weekly question: the sessions written without a daily question (nil: none accepted).
    public var acceptance: WeekAcceptance?
    /// A Scheduler's yes to the weekly receipt's suggestion: the sessions a week the plan asks for (nil: as configured).
    public var agreedSessions: AgreedSessions?
    /// The defence settings of the last decision (nil before one), so the holds' words and the tick use them.
    public var settings: HoldSettings?

    /// An empty book.
    public init() {}

    /// The days the user held: by hand (`vigorctl plan --hold`), or a hold of a week they said yes to.
    public var userHeldDays: [LocalDay] {
        let approved = holds.map(\.day).filter { consent.approvedWeeks.contains(HoldConsent.monday(of: $0)) }
        return Array(Set(consent.heldDays + approved)).sorted()
    }

    /// The hold of forecast day `day`, if any.
    public func hold(on day: LocalDay) -> Hold? {
        holds.first { $0.day == day }
    }

    /// The user deleted the hold of `day` in a calendar app: the day is released, its slot avoided from now on.
    public mutating func userDeleted(_ day: LocalDay, calendar: LocalCalendar) {
        if let hold = hold(on: day) {
            let slot = SlotKey(calendar.moment(at: hold.start))
            if !avoidedSlots.contains(slot) { avoidedSlots.append(slot) }
        }
        holds.removeAll { $0.day == day }
        release(day)
    }

    /// The weekly question's yes at `now` (`vigorctl plan --hold week`, its button): every day of `days` held, and at
    /// Scheduler the sessions the question named accepted (`WeekAcceptance`), in place of a week accepted before;
    /// `proposal` is the first day's proposed block the question named (its caller accepts it on the engine).
    public mutating func acceptWeek(
        _ days: [LocalDay], forecast: WeekForecast?, phase: TrustPhase, now: Date, proposal: ScheduledBlock? = nil
    ) {
        let accepting = WeekAcceptance.accepting(forecast: forecast, book: self, phase: phase, now: now, proposal: proposal)
        for day in days { consent.hold(day) }
        if let accepting { acceptance = accepting }
    }

    /// The user released `day`: it is never held again, and its accepted session is asked again.
    public mutating func release(_ day: LocalDay) {
        consent.release(day)
        acceptance?.withdraw(day)
    }

    /// The user moved the hold of `day` to `start`: it stays there (re-planning no longer moves it).
    public mutating func userMoved(_ day: LocalDay, to start: Date) {
        guard let index = holds.firstIndex(where: { $0.day == day }) else { return }
        holds[index].start = start
        holds[index].movedByUser = true
    }
}
