import CivilCalendar
import Foundation
import GhostEngine

/// Which of the week forecast's likely sessions are held, where, and which are defended: decided each evening (with the
/// new forecast), after each re-plan and after each decision that moved the trust phase (with the last one). Pure: the
/// picture, the forecast and the book in, the next book out; the daemon saves it and writes vigord's calendar, the
/// simulator calls it the same way.
///
/// The days held are the forecast's days after its first (the first is the evening's to decide: it gets the block or
/// nothing), whose session starts after `now` and whose day has no block, as far as the trust phase and the user allow
/// (`HoldConsent`). A hold stays where it is while it fits; one a meeting now covers moves within its day if a slot
/// there keeps the gap to the other sessions, else to the best free day of the week that has no session, no rest and
/// no travel; with no room it is dropped for the week. One the user moved stays where they put it.
public struct HoldPlan: Sendable, Equatable {
    /// The book with the holds now in force.
    public var book: HoldBook
    /// What changed, in words, for the log and the cycle's summary.
    public var notes: [String]

    /// Decides the holds of `picture`'s week from `forecast` (nil: none was made, so nothing is held).
    /// - Throws: `SchedulingError` for settings the slot finder refuses or a local time that cannot be formed.
    public static func decide(
        _ picture: WeekPicture, forecast: WeekForecast?, book: HoldBook, now: Date, settings: HoldSettings
    ) throws(SchedulingError) -> HoldPlan {
        var next = book
        next.settings = settings
        next.consent.forget(before: picture.today)
        var notes: [String] = []
        let targets = Self.targets(picture, forecast: forecast, consent: next.consent, now: now)
        let finder = try picture.slotFinder()
        let blocks = picture.ghost.blocks.filter { [.scheduled, .proposed, .completed].contains($0.status) }
        let request = picture.slotRequest(travelDays: try picture.travel().days, existingSessions: [])
        var avoiding = request
        avoiding.sacredSlots += book.avoidedSlots
        // First pass: each target where it stays (a hold that still fits, the user's) or where the forecast put it.
        var intended: [LocalDay: Hold] = [:]
        var homeless: [(target: Target, cause: String)] = []
        for target in targets {
            if let existing = book.hold(on: target.day), existing.movedByUser || existing.start > now {
                if existing.movedByUser {
                    intended[target.day] = existing
                    continue
                }
                if try finder.conflict(blockStart: existing.start, durationMinutes: existing.durationMinutes, request: avoiding) == nil {
                    intended[target.day] = existing
                    continue
                }
            }
            if let cause = try finder.conflict(blockStart: target.start, durationMinutes: picture.settings.durationMinutes, request: avoiding) {
                homeless.append((target, cause))
            } else {
                intended[target.day] = Hold(day: target.day, start: target.start, durationMinutes: picture.settings.durationMinutes,
                                            reason: target.reason)
            }
        }
        // Second pass: the holds the week no longer has room for where the forecast put them.
        let window = Self.window(forecast)
        for (target, cause) in homeless {
            let others = blocks.map(\.start) + intended.values.map(\.start)
            let taken = Set(blocks.map(\.day) + intended.values.map { picture.calendar.day(of: $0.start) } + intended.keys + homeless.map(\.target.day))
            guard let slot = try Self.slot(
                for: target, others: others, taken: taken, window: window, finder: finder, request: avoiding, picture: picture,
                consent: next.consent)
            else {
                notes.append("no room left for the hold of \(target.day): \(cause)")
                continue
            }
            let moved = "Moved from \(Self.label(target.start, picture.calendar)): \(cause)."
            intended[target.day] = Hold(
                day: target.day, start: slot.start, durationMinutes: picture.settings.durationMinutes,
                reason: moved + " " + target.reason)
            notes.append("moved the hold of \(target.day) to \(Self.label(slot.start, picture.calendar)): \(cause)")
        }
        var holds: [Hold] = []
        for day in intended.keys.sorted() {
            guard var hold = intended[day] else { continue }
            let before = book.hold(on: day)
            let same = before.map { $0.start == hold.start } ?? false
            hold.defended = try HoldDefence.defends(
                hold, wasDefended: same && before?.defended == true, now: now, busy: picture.busy, training: picture.settings,
                calendar: picture.calendar, settings: settings)
            if hold.defended && !(same && before?.defended == true) {
                notes.append("defending the hold of \(day) (\(Self.label(hold.start, picture.calendar)))")
            }
            holds.append(hold)
        }
        let released = book.holds.map(\.day).filter { intended[$0] == nil }
        if !released.isEmpty { notes.append("released the hold(s) of \(released.map(\.description).joined(separator: ", "))") }
        next.holds = holds
        return HoldPlan(book: next, notes: notes)
    }

    /// Whether the holds are decided again after a decision that moved the trust phase from `before` to `after`: held
    /// time follows the phase at once, not at the next evening. A promotion holds the rest of the week the phase now
    /// allows; a step back releases the holds it no longer allows (`HoldConsent.allows`).
    public static func followsPhase(from before: TrustPhase, to after: TrustPhase) -> Bool {
        before != after
    }

    /// A likely session of the forecast that may be held.
    struct Target {
        var day: LocalDay
        var start: Date
        var reason: String
    }

    /// The days a hold may stand on: the forecast's days after its first.
    static func window(_ forecast: WeekForecast?) -> [LocalDay] {
        (forecast?.days.dropFirst() ?? []).compactMap { LocalDay(iso: $0.date) }
    }

    /// The forecast's sessions after its first day that start after `now`, on days without a block, that the consent
    /// allows in the picture's trust phase.
    static func targets(_ picture: WeekPicture, forecast: WeekForecast?, consent: HoldConsent, now: Date) -> [Target] {
        guard let forecast else { return [] }
        let blockDays = Set(picture.plannedBlocks.map(\.day) + picture.ghost.blocks.filter { $0.status == .completed }.map(\.day))
        return forecast.days.dropFirst().compactMap { day -> Target? in
            guard let start = day.start, start > now, let local = LocalDay(iso: day.date), !blockDays.contains(local),
                  consent.allows(local, in: picture.trustPhase)
            else { return nil }
            return Target(day: local, start: start, reason: "Why this slot: " + day.reason + ".")
        }
    }

    /// Where a hold the forecast's slot has no room for goes: the best slot of its own day that keeps the gap to the
    /// `others`, else the best such slot of a free day of the window (no session, not taken, allowed); nil: no room.
    static func slot(
        for target: Target, others: [Date], taken: Set<LocalDay>, window: [LocalDay], finder: SlotFinder, request: SlotRequest,
        picture: WeekPicture, consent: HoldConsent
    ) throws(SchedulingError) -> ScoredSlot? {
        if let same = try finder.feasibleSlots(on: target.day, request: request).first(where: { finder.keepsGap(others + [$0.start]) }) {
            return same
        }
        guard let first = window.first, let last = window.last else { return nil }
        var best: ScoredSlot?
        for offset in 0...first.days(until: last) {
            let day = first.adding(days: offset)
            guard day != target.day, !taken.contains(day), consent.allows(day, in: picture.trustPhase) else { continue }
            guard let slot = try finder.feasibleSlots(on: day, request: request).first(where: { finder.keepsGap(others + [$0.start]) })
            else { continue }
            if best.map({ SlotFinder.better(slot, $0) }) ?? true { best = slot }
        }
        return best
    }

    /// "Wed 07:00" in the user's zone.
    static func label(_ date: Date, _ calendar: LocalCalendar) -> String {
        let local = calendar.moment(at: date)
        return SlotKey(local).label(minute: local.minute)
    }
}
