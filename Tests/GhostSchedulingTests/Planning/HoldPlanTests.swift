import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Held time is decided on a picture alone: the evening's forecast, the book of holds, the clock passed in.
private let sunday = Week.monday.adding(days: -1)

/// Three 45-minute sessions a week, preferred 07:00–09:00, at least 40 hours apart: Monday, Wednesday, Friday.
private let spread = TrainingSettings(
    sessionsPerWeek: 3, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))],
    minHoursBetweenSessions: 40)

/// Sunday evening's picture of the week from Monday, the Ghost in `phase`.
private func picture(
    _ phase: TrustPhase, settings: TrainingSettings = spread, busy: [BusyInterval] = [], today: LocalDay = sunday
) throws -> WeekPicture {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    if phase != .observer { _ = try ghost.handle(.manualPhaseChange(to: phase), now: try Week.at(sunday, 1)) }
    return WeekPicture(
        calendar: Week.berlin, today: today, firstDay: today.adding(days: 1), days: 7, ghost: ghost,
        settings: PlanningSettings(training: settings), busy: busy)
}

/// The forecast Sunday evening makes of a week without meetings.
private func forecast(_ settings: TrainingSettings = spread) throws -> WeekForecast {
    try #require(EveningPlan.decide(try picture(.autoScheduler, settings: settings)).forecast)
}

private func decide(
    _ picture: WeekPicture, book: HoldBook = HoldBook(), forecast given: WeekForecast? = nil, now: Date? = nil
) throws -> HoldPlan {
    try HoldPlan.decide(picture, forecast: try given ?? forecast(picture.settings), book: book, now: try now ?? Week.at(sunday, 20),
                        settings: HoldSettings())
}

/// "YYYY-MM-DD HH:MM" of each hold, in the user's zone.
private func times(_ book: HoldBook) -> [String] {
    book.holds.map { hold in
        let local = Week.berlin.moment(at: hold.start)
        return "\(local.day) " + String(format: "%02d:%02d", local.hour, local.minute)
    }
}

@Test func anAutoSchedulerHoldsTheForecastSessionsAfterTomorrow() throws {
    let week = try forecast()
    let plan = try decide(try picture(.autoScheduler))
    let expected = week.days.dropFirst().compactMap { day in day.start.map { (day.date, $0) } }
    #expect(expected.count >= 2, "three sessions a week leave at least two after Monday")
    #expect(plan.book.holds.map(\.day.description) == expected.map(\.0))
    #expect(plan.book.holds.map(\.start) == expected.map(\.1))
    #expect(plan.book.holds.allSatisfy { $0.reason.hasPrefix("Why this slot: free at ") })
    #expect(plan.book.hold(on: Week.monday) == nil, "tomorrow is the evening's to decide: a block or nothing")
}

@Test func anObserverHoldsNothing() throws {
    #expect(try decide(try picture(.observer)).book.holds.isEmpty)
}

@Test func aSchedulerHoldsOnlyAfterTheUserSaysYes() throws {
    let scheduler = try picture(.scheduler)
    #expect(try decide(scheduler).book.holds.isEmpty)
    var week = HoldBook()
    week.consent.approveWeek(of: Week.monday)
    #expect(try decide(scheduler, book: week).book.holds.count == (try decide(try picture(.autoScheduler)).book.holds.count))
    let oneDay = try #require(try decide(try picture(.autoScheduler)).book.holds.last?.day)
    var single = HoldBook()
    single.consent.hold(oneDay)
    #expect(try decide(scheduler, book: single).book.holds.map(\.day) == [oneDay])
}

@Test func aReleasedDayIsNotHeldAgain() throws {
    let auto = try picture(.autoScheduler)
    let first = try decide(auto)
    let released = try #require(first.book.holds.first?.day)
    var book = first.book
    book.consent.release(released)
    let next = try decide(auto, book: book)
    #expect(next.book.hold(on: released) == nil)
    #expect(next.book.holds.count == first.book.holds.count - 1)
    #expect(next.notes.contains("released the hold(s) of \(released)"))
}

@Test func tomorrowsHoldGoesWhenTheEveningDecidesTomorrow() throws {
    let saturday = sunday.adding(days: -1)
    let daily = TrainingSettings(sessionsPerWeek: 7, durationMinutes: 45, minHoursBetweenSessions: 12)
    let before = try HoldPlan.decide(
        try picture(.autoScheduler, settings: daily, today: saturday),
        forecast: try #require(EveningPlan.decide(try picture(.autoScheduler, settings: daily, today: saturday)).forecast),
        book: HoldBook(), now: try Week.at(saturday, 20), settings: HoldSettings())
    #expect(before.book.hold(on: Week.monday) != nil, "Saturday evening holds Monday")
    let after = try decide(try picture(.autoScheduler, settings: daily), book: before.book)
    #expect(after.book.hold(on: Week.monday) == nil, "Sunday evening decides Monday: its hold goes")
}

@Test func aHoldIsDefendedWithinDefendHoursOfItsStart() throws {
    let plan = try decide(try picture(.autoScheduler))
    let now = try Week.at(sunday, 20)
    for hold in plan.book.holds {
        let within = hold.start.timeIntervalSince(now) <= 72 * 3600
        #expect(hold.defended == within, "\(hold.day): \(within ? "within" : "beyond") 72 hours of Sunday 20:00")
    }
    #expect(plan.book.holds.contains { !$0.defended }, "the week's later holds stay free to others")
}

@Test func aHoldIsDefendedWhenItsDayHasLessFreeTimeThanTheThreshold() throws {
    let plan = try decide(try picture(.autoScheduler))
    let late = try #require(plan.book.holds.last { !$0.defended })
    let offset = Week.monday.days(until: late.day)
    let local = Week.berlin.moment(at: late.start)
    // Meetings fill the day from 06:00 to 22:00 except the hold and its buffers, leaving less than 90 free minutes.
    let busy = [
        try Week.busy(offset, (6, 0), (local.hour - 1, 50)),
        try Week.busy(offset, (local.hour + 1, 0), (22, 0)),
    ]
    let crowded = try decide(try picture(.autoScheduler, busy: busy), book: plan.book)
    let defended = try #require(crowded.book.hold(on: late.day))
    #expect(defended.start == late.start)
    #expect(defended.defended)
    #expect(try HoldDefence.freeMinutes(on: late.day, busy: busy, training: spread, calendar: Week.berlin) < 90)
}

@Test func aMeetingOnWednesdaysHoldMovesOnlyWednesdaysHold() throws {
    let first = try decide(try picture(.autoScheduler))
    let wednesday = Week.monday.adding(days: 2)
    let held = try #require(first.book.hold(on: wednesday), "three sessions: Monday, Wednesday, Friday")
    let local = Week.berlin.moment(at: held.start)
    let meeting = try Week.busy(2, (local.hour, 0), (local.hour + 1, 0))
    let next = try decide(try picture(.autoScheduler, busy: [meeting]), book: first.book)
    let moved = try #require(next.book.hold(on: wednesday))
    #expect(Week.berlin.day(of: moved.start) == wednesday, "Wednesday still has room")
    #expect(moved.start >= meeting.end.addingTimeInterval(600) || moved.end <= meeting.start.addingTimeInterval(-600))
    #expect(next.book.holds.filter { $0.day != wednesday } == first.book.holds.filter { $0.day != wednesday })
    #expect(moved.reason.hasPrefix("Moved from Wed \(String(format: "%02d:00", local.hour)): 'Meeting' (work) now covers"))
}

@Test func aHoldWithNoRoomLeftOnItsDayMovesToAnotherDayKeepingRestDaysAndTheGap() throws {
    // Sundays (1) and Thursdays (5) are rest days.
    let settings = TrainingSettings(
        sessionsPerWeek: 3, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))],
        restDays: [1, 5])
    let auto = try picture(.autoScheduler, settings: settings)
    let week = try forecast(settings)
    let first = try decide(auto, forecast: week)
    let wednesday = Week.monday.adding(days: 2)
    #expect(first.book.hold(on: wednesday) != nil)
    let fullDay = try Week.busy(2, (0, 0), (23, 59))
    let next = try decide(try picture(.autoScheduler, settings: settings, busy: [fullDay]), book: first.book, forecast: week)
    let moved = try #require(next.book.hold(on: wednesday))
    let day = Week.berlin.day(of: moved.start)
    #expect(day != wednesday && day.weekday != 5 && day.weekday != 1)
    let starts = (next.book.holds.map(\.start) + [try #require(week.days.first?.start)]).sorted()
    #expect(zip(starts, starts.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= 16 * 3600 })
    #expect(next.book.holds.count == first.book.holds.count, "the week keeps its sessions")
}

@Test func aHoldTheUserDeletedReleasesItsDayAndItsSlotIsAvoided() throws {
    let auto = try picture(.autoScheduler)
    var book = try decide(auto).book
    let deleted = try #require(book.holds.first)
    book.userDeleted(deleted.day, calendar: Week.berlin)
    #expect(book.consent.releasedDays == [deleted.day])
    #expect(book.avoidedSlots == [SlotKey(Week.berlin.moment(at: deleted.start))])
    let next = try decide(auto, book: book)
    #expect(next.book.hold(on: deleted.day) == nil)
    #expect(next.book.holds.allSatisfy { SlotKey(Week.berlin.moment(at: $0.start)) != book.avoidedSlots[0] })
}

@Test func aHoldTheUserMovedStaysWhereTheyPutIt() throws {
    let auto = try picture(.autoScheduler)
    var book = try decide(auto).book
    let wednesday = Week.monday.adding(days: 2)
    let noon = try Week.at(2, 12, 15)
    book.userMoved(wednesday, to: noon)
    let meeting = try Week.busy(2, (12, 0), (13, 0))
    let next = try decide(try picture(.autoScheduler, busy: [meeting]), book: book)
    #expect(next.book.hold(on: wednesday)?.start == noon)
    #expect(next.book.hold(on: wednesday)?.movedByUser == true)
}

@Test func holdsInADaylightSavingWeekKeepTheirLocalTimes() throws {
    // Thursday evening before the spring change (Sunday 2026-03-29): holds Saturday to Wednesday, one each day.
    let thursday = Week.springForward.adding(days: -3)
    let daily = TrainingSettings(
        sessionsPerWeek: 7, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 9), to: TimeOfDay(hour: 10))],
        minHoursBetweenSessions: 12)
    let dst = try picture(.autoScheduler, settings: daily, today: thursday)
    let week = try #require(EveningPlan.decide(dst).forecast)
    let plan = try HoldPlan.decide(dst, forecast: week, book: HoldBook(), now: try Week.at(thursday, 20), settings: HoldSettings())
    #expect(plan.book.holds.count == 6)
    #expect(plan.book.hold(on: Week.springForward) != nil)
    #expect(times(plan.book).allSatisfy { $0.hasSuffix(" 09:00") }, "\(times(plan.book))")
}

@Test func holdSettingsRefuseNumbersThatCannotWork() {
    #expect(throws: SchedulingError.invalidSetting(name: "defend_hours", problem: "must be within 0…168 hours, is -1")) {
        try HoldSettings(defendHours: -1).validate()
    }
    #expect(throws: SchedulingError.self) { try HoldSettings(defendWhenFreeBelowMinutes: 1441).validate() }
}

@Test func aSchedulersWeeklyReceiptAsksToHoldTheWeeksLikelySessions() throws {
    let week = try forecast()
    let asked = try #require(HoldQuestion.sentence(
        forecast: week, book: HoldBook(), phase: .scheduler, calendar: Week.berlin, now: try Week.at(sunday, 20)))
    #expect(asked.asks)
    #expect(asked.text == "This week: Wed 07:00, Fri 07:00 — hold these? " + HoldQuestion.acceptanceSentence)
    #expect(!asked.text.contains("Mon"), "Monday is the evening's to decide, so it is not asked about")
    #expect(HoldQuestion.sentence(forecast: week, book: HoldBook(), phase: .observer, calendar: Week.berlin, now: try Week.at(sunday, 20)) == nil)
}

@Test func anAutoSchedulersWeeklyReceiptSaysWhatItHeldWithoutAsking() throws {
    let plan = try decide(try picture(.autoScheduler))
    let said = try #require(HoldQuestion.sentence(
        forecast: try forecast(), book: plan.book, phase: .autoScheduler, calendar: Week.berlin, now: try Week.at(sunday, 20)))
    #expect(!said.asks)
    #expect(said.text == "Held for you this week: Wed 07:00, Fri 07:00. Delete one to free its day.")
}

@Test func aDayToHoldIsADateAWeekdayOrTheWholeWeekAmongTheNextSeven() throws {
    #expect(try HoldDayName.days("week", after: sunday) == (1...7).map { sunday.adding(days: $0) })
    #expect(try HoldDayName.days("wed", after: sunday) == [Week.monday.adding(days: 2)])
    #expect(try HoldDayName.days("Wednesday", after: sunday) == [Week.monday.adding(days: 2)])
    #expect(try HoldDayName.days("sun", after: sunday) == [sunday.adding(days: 7)], "today's weekday names next week's day")
    #expect(try HoldDayName.days("2026-03-04", after: sunday) == [LocalDay(year: 2026, month: 3, day: 4)])
    #expect(throws: SchedulingError.self) { try HoldDayName.days("2026-03-20", after: sunday) }
    #expect(throws: SchedulingError.self) { try HoldDayName.days("someday", after: sunday) }
}

@Test func timeAloneDefendsAHoldOnceItIsWithinDefendHours() throws {
    let book = try decide(try picture(.autoScheduler)).book
    let friday = try #require(book.holds.last)
    #expect(!friday.defended)
    let before = HoldDefence.defendingDue(book, now: friday.start.addingTimeInterval(-73 * 3600), settings: HoldSettings())
    #expect(before == book)
    let within = HoldDefence.defendingDue(book, now: friday.start.addingTimeInterval(-72 * 3600), settings: HoldSettings())
    #expect(within.hold(on: friday.day)?.defended == true)
}
