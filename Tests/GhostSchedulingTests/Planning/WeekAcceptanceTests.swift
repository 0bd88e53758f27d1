import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// A Scheduler's yes to the weekly question accepts the sessions it named: their evenings write them without a daily
/// question while their time holds; a changed plan and a new week are asked again. Pictures and clock passed in.
private let sunday = Week.monday.adding(days: -1)

/// Three 45-minute sessions a week, preferred 07:00–09:00, at least 40 hours apart: Monday, Wednesday, Friday.
private let spread = TrainingSettings(
    sessionsPerWeek: 3, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))],
    minHoursBetweenSessions: 40)

/// A Scheduler, from Sunday 2026-03-01.
private func scheduler() throws -> Ghost {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(sunday, 1))
    return ghost
}

/// The evening picture of `today`: the week from tomorrow, the book's acceptance and held days in it, as vigord's reader.
private func evening(_ today: LocalDay, ghost: Ghost, book: HoldBook, busy: [BusyInterval] = []) -> WeekPicture {
    var picture = WeekPicture(
        calendar: Week.berlin, today: today, firstDay: today.adding(days: 1), days: 7, ghost: ghost,
        settings: PlanningSettings(training: spread), busy: busy, weekAcceptance: book.acceptance)
    picture.heldDays = book.userHeldDays
    return picture
}

/// Sunday 20:00: the Scheduler says yes to "This week: Wed 07:00, Fri 07:00 — hold these?".
private func acceptedSunday(_ ghost: Ghost) throws -> HoldBook {
    let forecast = try #require(EveningPlan.decide(evening(sunday, ghost: ghost, book: HoldBook())).forecast)
    var book = HoldBook()
    book.acceptWeek(try HoldDayName.days("week", after: sunday), forecast: forecast, phase: .scheduler, now: try Week.at(sunday, 20))
    return book
}

/// The evening's events performed on `ghost` at 21:00 of `picture.today`; all their effects.
private func perform(_ picture: WeekPicture, on ghost: inout Ghost) throws -> [GhostEffect] {
    let now = try Week.at(picture.today, 21)
    return try EveningPlan.decide(picture).events.flatMap { event in try ghost.handle(event, now: now) }
}

private func asks(_ effects: [GhostEffect]) -> Bool {
    effects.contains { if case .proposeBlock = $0 { true } else { false } }
}

@Test func theWeeklyYesAcceptsTheSessionsTheQuestionNamed() throws {
    let book = try acceptedSunday(try scheduler())
    let acceptance = try #require(book.acceptance)
    #expect(acceptance.acceptedAt == (try Week.at(sunday, 20)))
    #expect(acceptance.sessions == [
        WeekAcceptance.Session(day: Week.monday.adding(days: 2), start: try Week.at(2, 7)),
        WeekAcceptance.Session(day: Week.monday.adding(days: 4), start: try Week.at(4, 7)),
    ])
    #expect(book.userHeldDays.count == 7, "the yes also holds the week, as before")
}

@Test func anAcceptedDayIsWrittenAsABlockWithoutAQuestion() throws {
    var ghost = try scheduler()
    let book = try acceptedSunday(ghost)
    let tuesday = Week.monday.adding(days: 1)
    let effects = try perform(evening(tuesday, ghost: ghost, book: book), on: &ghost)
    #expect(!asks(effects))
    let block = try #require(ghost.blocks.first { $0.day == Week.monday.adding(days: 2) })
    #expect(block.status == .scheduled)
    #expect(block.origin == .proposal, "the user's yes: deleting it takes the yes back, the breaker never counts it")
    #expect(block.start == (try Week.at(2, 7)))
    let receipts = effects.compactMap { effect -> DecisionReceipt? in if case .recordReceipt(let receipt) = effect { receipt } else { nil } }
    let receipt = try #require(receipts.first { $0.action == .scheduled })
    #expect(receipt.reason == "I scheduled Wed 07:00 without asking because you accepted this week's sessions on Sun 1 Mar.")
    #expect(DecisionExplanation(receipt, timeZone: Week.berlin.timeZone).headline == receipt.reason)
}

@Test func aDayWhoseTimeChangedIsAskedAgain() throws {
    var ghost = try scheduler()
    let book = try acceptedSunday(ghost)
    let tuesday = Week.monday.adding(days: 1)
    // A meeting lands on Wednesday 07:00–08:00: the best time moves, so Wednesday is proposed on its own.
    let effects = try perform(evening(tuesday, ghost: ghost, book: book, busy: [try Week.busy(2, (6, 30), (8, 0))]), on: &ghost)
    #expect(asks(effects))
    let block = try #require(ghost.blocks.first { $0.status == .proposed })
    #expect(block.start != (try Week.at(2, 7)))
}

@Test func aReleasedDayIsAskedAgain() throws {
    var ghost = try scheduler()
    var book = try acceptedSunday(ghost)
    book.release(Week.monday.adding(days: 2))
    #expect(book.acceptance?.verdict(day: Week.monday.adding(days: 2), start: try Week.at(2, 7)) == .ask)
    #expect(book.acceptance?.verdict(day: Week.monday.adding(days: 4), start: try Week.at(4, 7)) == .write(acceptedAt: try Week.at(sunday, 20)))
    let effects = try perform(evening(Week.monday.adding(days: 1), ghost: ghost, book: book), on: &ghost)
    #expect(!effects.contains { if case .writeBlock = $0 { true } else { false } })
}

@Test func aNewWeekIsAskedAgain() throws {
    var ghost = try scheduler()
    let book = try acceptedSunday(ghost)
    let nextTuesday = Week.monday.adding(days: 8)
    let effects = try perform(evening(nextTuesday, ghost: ghost, book: book), on: &ghost)
    #expect(asks(effects))
    #expect(ghost.blocks.allSatisfy { $0.status == .proposed })
}

@Test func withoutAYesEveryDayIsAsked() throws {
    var ghost = try scheduler()
    let effects = try perform(evening(Week.monday.adding(days: 1), ghost: ghost, book: HoldBook()), on: &ghost)
    #expect(asks(effects))
}

@Test func onlyASchedulersYesAcceptsSessions() throws {
    let forecast = try #require(EveningPlan.decide(evening(sunday, ghost: try scheduler(), book: HoldBook())).forecast)
    let now = try Week.at(sunday, 20)
    #expect(WeekAcceptance.accepting(forecast: forecast, book: HoldBook(), phase: .scheduler, now: now) != nil)
    for phase in [TrustPhase.observer, .autoScheduler, .transformer, .fullGhost] {
        #expect(WeekAcceptance.accepting(forecast: forecast, book: HoldBook(), phase: phase, now: now) == nil)
    }
}

@Test func fromAutoSchedulerUpAnAcceptedSessionIsPlacedAsTheGhostWould() throws {
    var ghost = try scheduler()
    let book = try acceptedSunday(ghost)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(1, 12))
    _ = try perform(evening(Week.monday.adding(days: 1), ghost: ghost, book: book), on: &ghost)
    let block = try #require(ghost.blocks.first { $0.day == Week.monday.adding(days: 2) })
    // Written on its own (the breaker counts its deletion) or proposed below the threshold to act alone: never as the yes.
    #expect(block.origin == .auto || block.status == .proposed, "\(block)")
}
