import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The defence rule's edges (Docs/engine.md, held time): a day with exactly `defend_when_free_below_minutes` free
/// minutes leaves its hold free, one minute less defends it; a defended hold stays defended until it moves; a crowded
/// day's defended hold still goes when the user frees its day.
private let sunday = Week.monday.adding(days: -1)

/// Three 45-minute sessions a week, preferred 07:00–09:00, 06:00–21:00, at least 40 hours apart: Monday, Wednesday, Friday.
private let spread = TrainingSettings(
    sessionsPerWeek: 3, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))],
    minHoursBetweenSessions: 40)

private func autoScheduler(busy: [BusyInterval] = []) throws -> WeekPicture {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(sunday, 1))
    return WeekPicture(
        calendar: Week.berlin, today: sunday, firstDay: Week.monday, days: 7, ghost: ghost,
        settings: PlanningSettings(training: spread), busy: busy)
}

private func decide(_ picture: WeekPicture, book: HoldBook = HoldBook()) throws -> HoldPlan {
    let forecast = try #require(EveningPlan.decide(try autoScheduler()).forecast)
    return try HoldPlan.decide(picture, forecast: forecast, book: book, now: try Week.at(sunday, 20), settings: HoldSettings())
}

/// Friday's hold, beyond 72 hours of Sunday 20:00, so only its day's free time can defend it.
private func fridaysHold() throws -> (book: HoldBook, hold: Hold, offset: Int) {
    let book = try decide(try autoScheduler()).book
    let friday = Week.monday.adding(days: 4)
    let hold = try #require(book.hold(on: friday), "three sessions: Monday, Wednesday, Friday")
    #expect(!hold.defended)
    return (book, hold, 4)
}

/// Meetings over Friday's 06:00–21:00 but `free` minutes from 10 minutes before the hold (its buffer) on.
private func crowding(_ hold: Hold, offset: Int, free: Int) throws -> [BusyInterval] {
    let local = Week.berlin.moment(at: hold.start)
    let startOfFree = local.hour * 60 + local.minute - 10
    let endOfFree = startOfFree + free
    return [
        try Week.busy(offset, (6, 0), (startOfFree / 60, startOfFree % 60)),
        try Week.busy(offset, (endOfFree / 60, endOfFree % 60), (21, 0)),
    ]
}

@Test func aDayWithExactlyNinetyFreeMinutesLeavesItsHoldFreeAndEightyNineDefendIt() throws {
    let (book, hold, offset) = try fridaysHold()
    let ninety = try crowding(hold, offset: offset, free: 90)
    #expect(try HoldDefence.freeMinutes(on: hold.day, busy: ninety, training: spread, calendar: Week.berlin) == 90)
    let atThreshold = try decide(try autoScheduler(busy: ninety), book: book)
    #expect(atThreshold.book.hold(on: hold.day)?.start == hold.start)
    #expect(atThreshold.book.hold(on: hold.day)?.defended == false, "90 free minutes is not below 90")

    let eightyNine = try crowding(hold, offset: offset, free: 89)
    #expect(try HoldDefence.freeMinutes(on: hold.day, busy: eightyNine, training: spread, calendar: Week.berlin) == 89)
    let below = try decide(try autoScheduler(busy: eightyNine), book: book)
    #expect(below.book.hold(on: hold.day)?.start == hold.start)
    #expect(below.book.hold(on: hold.day)?.defended == true)
    #expect(below.notes.contains { $0.hasPrefix("defending the hold of \(hold.day)") }, "\(below.notes)")
}

@Test func aHoldDefendedForACrowdedDayStaysDefendedWhenTheDayEmptiesAndUntilItMoves() throws {
    let (book, hold, offset) = try fridaysHold()
    let crowded = try decide(try autoScheduler(busy: try crowding(hold, offset: offset, free: 70)), book: book)
    #expect(crowded.book.hold(on: hold.day)?.defended == true)
    // The meetings are cancelled: the hold, at the same time, stays busy to others.
    let emptied = try decide(try autoScheduler(), book: crowded.book)
    #expect(emptied.book.hold(on: hold.day)?.start == hold.start)
    #expect(emptied.book.hold(on: hold.day)?.defended == true, "once defended it stays so until it moves")
    // A meeting now covers it: it moves within Friday, and at its new time, with the day free, it is free to others.
    let local = Week.berlin.moment(at: hold.start)
    let meeting = try Week.busy(offset, (local.hour, 0), (local.hour + 1, 0))
    let moved = try #require(try decide(try autoScheduler(busy: [meeting]), book: emptied.book).book.hold(on: hold.day))
    #expect(moved.start != hold.start)
    #expect(!moved.defended, "a hold that moved is judged again at its new time")
}

@Test func theUserFreesADayWhoseHoldACrowdedDayDefended() throws {
    let (book, hold, offset) = try fridaysHold()
    let busy = try crowding(hold, offset: offset, free: 70)
    let crowded = try decide(try autoScheduler(busy: busy), book: book)
    #expect(crowded.book.hold(on: hold.day)?.defended == true)
    var released = crowded.book
    released.consent.release(hold.day)
    let next = try decide(try autoScheduler(busy: busy), book: released)
    #expect(next.book.hold(on: hold.day) == nil, "a defended hold goes when its day is freed")
    #expect(next.notes.contains("released the hold(s) of \(hold.day)"), "\(next.notes)")
    #expect(next.book.holds.count == crowded.book.holds.count - 1)
}
