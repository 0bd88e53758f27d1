import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import ICalendarKit
import Logging
import Store

/// Held time in the daemon: the `HoldBook` in force and saved, the pure `HoldPlan` called with the week picture the
/// cycles and re-planning read, the user's edits of holds and their answers (`plan.hold`) taken in, and the holds as
/// calendar items for `CalendarOutput`. The engine never sees a hold: no trust, no breaker.
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

    /// Decides the holds of `picture`'s week from `forecast` (nil: the last evening's) and saves them; returns whether
    /// they changed and the notes of what did.
    @discardableResult
    func decide(_ picture: WeekPicture, forecast: WeekForecast? = nil, now: Date, settings: HoldSettings) throws -> (changed: Bool, notes: [String]) {
        let plan = try HoldPlan.decide(picture, forecast: try forecast ?? lastForecast(), book: book, now: now, settings: settings)
        guard plan.book != book else { return (false, plan.notes) }
        try save(plan.book, at: now)
        for note in plan.notes { logger.info("held time", metadata: ["change": "\(note)"]) }
        return (true, plan.notes)
    }

    /// Defends the holds that came within `defend_hours` of their start since the last decision; true when one did.
    func defendDue(now: Date) throws -> Bool {
        let next = HoldDefence.defendingDue(book, now: now, settings: settings)
        guard next != book else { return false }
        try save(next, at: now)
        return true
    }

    /// Takes in the user's edit of a hold: a deleted hold releases its day (its slot avoided from now on); a moved one
    /// stays where they put it. False when `change` is not about a hold.
    func userChanged(_ change: BlockChange, calendar: LocalCalendar, now: Date) throws -> Bool {
        guard let day = Hold.day(ofItem: change.blockID), book.hold(on: day) != nil else { return false }
        var next = book
        switch change.kind {
        case .deleted: next.userDeleted(day, calendar: calendar)
        case .moved: if let start = change.newStart { next.userMoved(day, to: start) }
        case .edited: return true
        }
        try save(next, at: now)
        logger.info("held time edited in a calendar app", metadata: ["day": "\(day)", "change": "\(change.kind.rawValue)"])
        return true
    }

    /// Records the user's answer: `days` held, or released.
    func consent(hold: Bool, days: [LocalDay], now: Date) throws {
        var next = book
        for day in days {
            if hold { next.consent.hold(day) } else { next.consent.release(day) }
        }
        try save(next, at: now)
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

    private func save(_ next: HoldBook, at now: Date) throws {
        try database.saveHoldBook(HoldBookRecord(savedAt: now, body: try StoredJSON.encode(next)))
        book = next
    }
}
