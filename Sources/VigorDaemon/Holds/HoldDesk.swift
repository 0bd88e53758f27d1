import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import ICalendarKit
import Logging
import Store

/// Held time in the daemon: the `HoldBook` in force, the pure `HoldPlan` called with the week picture the cycles and
/// re-planning read, the user's edits of holds and their answers (`plan.hold`) turned into the next book, and the holds
/// as calendar items for `CalendarOutput`. It saves nothing: the next book goes into the backend's decision, which
/// puts it in force (`adopt`) once saved. The engine never sees a hold: no trust, no breaker.
public actor HoldDesk {
    private let database: AppDatabase
    private let logger: Logger
    /// The holds and what the user said, as last saved.
    public private(set) var book: HoldBook
    /// The defence settings of the last decision (saved with the book), for the holds' words and the tick.
    private var settings: HoldSettings { book.settings ?? HoldSettings() }

    /// Reads the saved book.
    /// - Throws: `DaemonError.storage` when it cannot be read; it is kept as it is.
    init(database: AppDatabase, logger: Logger) throws(DaemonError) {
        self.database = database
        self.logger = logger
        do {
            book = try database.holdBook()?.value(as: HoldBook.self) ?? HoldBook()
        } catch {
            throw .storage("cannot read the held time: \(error)")
        }
    }

    /// The holds of `picture`'s week from `forecast` (nil: the last evening's), decided from `base` (nil: the book in
    /// force): the new book and the notes of what changed, or nil when nothing did. Nothing is saved: the backend's
    /// decision keeps the book (`adopt`).
    func plan(
        _ picture: WeekPicture, forecast: WeekForecast? = nil, from base: HoldBook? = nil, now: Date, settings: HoldSettings
    ) throws -> (book: HoldBook, notes: [String])? {
        let base = base ?? book
        let plan = try HoldPlan.decide(picture, forecast: try forecast ?? lastForecast(), book: base, now: now, settings: settings)
        guard plan.book != book else { return nil }
        return (plan.book, plan.notes)
    }

    /// The book with the holds defended that came within `defend_hours` of their start since the last decision; nil
    /// when none did.
    func defending(now: Date) -> HoldBook? {
        let next = HoldDefence.defendingDue(book, now: now, settings: settings)
        return next == book ? nil : next
    }

    /// The book after the user's edit of a hold: a deleted hold releases its day (its slot avoided from now on); a moved
    /// one stays where they put it. `isHold` is false when `change` is not about a hold; `next` nil when it changes nothing.
    func edited(by change: BlockChange, calendar: LocalCalendar) -> (isHold: Bool, next: HoldBook?) {
        guard let day = Hold.day(ofItem: change.blockID), book.hold(on: day) != nil else { return (false, nil) }
        var next = book
        switch change.kind {
        case .deleted: next.userDeleted(day, calendar: calendar)
        case .moved: if let start = change.newStart { next.userMoved(day, to: start) }
        case .edited: return (true, nil)
        }
        return (true, next)
    }

    /// The book with the user's answer: `days` held, or released.
    func consented(hold: Bool, days: [LocalDay]) -> HoldBook {
        var next = book
        for day in days {
            if hold { next.consent.hold(day) } else { next.release(day) }
        }
        return next
    }

    /// The book with the weekly question's yes at `now` (`HoldBook.acceptWeek`): `days` held and, at Scheduler, the
    /// sessions the last forecast gave the question accepted, with the first day's proposal the question named (`ghost`'s,
    /// returned for the backend to accept on the engine).
    func acceptedWeek(_ days: [LocalDay], phase: TrustPhase, ghost: Ghost, now: Date) throws -> (book: HoldBook, proposal: ScheduledBlock?) {
        var next = book
        let forecast = try lastForecast()
        let proposal = phase == .scheduler ? HoldQuestion.proposalNamed(forecast: forecast, ghost: ghost, now: now) : nil
        next.acceptWeek(days, forecast: forecast, phase: phase, now: now, proposal: proposal)
        return (next, next.acceptance?.sessions.contains { $0.day == proposal?.day } == true ? proposal : nil)
    }

    /// Puts a saved book in force (the backend saved it with its decision).
    func adopt(_ next: HoldBook, notes: [String]) {
        book = next
        for note in notes { logger.info("held time", metadata: ["change": "\(note)"]) }
    }

    /// Forgets held time in memory after the user purged their data (the database row is gone already).
    func forget() {
        book = HoldBook()
    }

    /// The holds still ahead as calendar items, their identities to be settled by the caller.
    func drafts(now: Date) -> [VigorBlock] {
        let defence = "\(settings.defendHours) hours before it starts, or as soon as that day has fewer than "
            + "\(settings.defendWhenFreeBelowMinutes) free minutes"
        return book.holds.filter { $0.end > now }.map { hold in
            VigorBlock.hold(
                id: hold.itemID, start: hold.start, durationMinutes: hold.durationMinutes,
                why: hold.movedByUser ? "You moved it here, so I keep it where you put it." : hold.reason,
                defended: hold.defended, defence: defence, identity: CalendarIdentity(uid: "", created: now))
        }
    }

    /// The last evening's forecast of the week, if any.
    func lastForecast() throws -> WeekForecast? {
        try database.weekForecast()?.value(as: WeekForecast.self)
    }
}
