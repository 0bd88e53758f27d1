import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The weekly question asks for this week only, and once.

/// A session every day, preferred 07:00–08:00 (a weekend morning is kept free until 09:00), so every forecast day has one.
private let daily = TrainingSettings(
    sessionsPerWeek: 7, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 8))],
    minHoursBetweenSessions: 12)

/// The forecast the evening of `today` makes: the seven days after it.
private func forecast(madeOn today: LocalDay) throws -> WeekForecast {
    var ghost = Ghost(startingAt: try Week.at(today, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(today, 1))
    let picture = WeekPicture(
        calendar: Week.berlin, today: today, firstDay: today.adding(days: 1), days: 7, ghost: ghost,
        settings: PlanningSettings(training: daily))
    return try #require(EveningPlan.decide(picture).forecast)
}

@Test func aForecastMadeOnMondayEveningAsksOnlyForTheRestOfThisWeekNeverNextMonday() throws {
    let week = try forecast(madeOn: Week.monday)
    #expect(week.days.last?.date == Week.monday.adding(days: 7).description, "the forecast reaches next Monday")
    let asked = try #require(HoldQuestion.sentence(
        forecast: week, book: HoldBook(), phase: .scheduler, calendar: Week.berlin, now: try Week.at(Week.monday, 21)))
    #expect(asked.text.hasPrefix("This week: Wed 07:00, Thu 07:00, Fri 07:00, Sat 09:00, Sun 09:00 — hold these?"), "\(asked.text)")
    let sessions = HoldQuestion.askedSessions(forecast: week, book: HoldBook(), now: try Week.at(Week.monday, 21))
    #expect(sessions.allSatisfy { $0.day <= Week.monday.adding(days: 6) }, "a yes accepts only what was asked")
}

@Test func aWeeklyQuestionAnsweredSinceTheReceiptAskedItIsNotAskedAgain() throws {
    let sunday = Week.monday.adding(days: -1)
    let asked = try Week.at(sunday, 21)
    // The yes held Wednesday only; Thursday has a session the question could still name.
    var book = HoldBook()
    book.acceptance = WeekAcceptance(
        acceptedAt: asked.addingTimeInterval(180), sessions: [.init(day: Week.monday.adding(days: 2), start: try Week.at(Week.monday.adding(days: 2), 7))])
    let week = try forecast(madeOn: Week.monday)
    let now = try Week.at(Week.monday, 21)
    #expect(HoldQuestion.sentence(
        forecast: week, book: book, phase: .scheduler, calendar: Week.berlin, now: now, askedSince: asked) == nil)
    // A yes from before the receipt answered an earlier question: this one still asks.
    #expect(HoldQuestion.sentence(
        forecast: week, book: book, phase: .scheduler, calendar: Week.berlin, now: now, askedSince: asked.addingTimeInterval(3_600))?.asks == true)
}
