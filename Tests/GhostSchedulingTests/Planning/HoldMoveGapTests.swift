import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// A hold a meeting now covers moves within its day only to a slot that keeps the gap to the other sessions
/// (`min_hours_between_sessions`), even when a better-placed slot of that day is free.
private let sunday = Week.monday.adding(days: -1)

/// A session every day, at least 20 hours apart, in the morning or the evening window.
private let daily = TrainingSettings(
    sessionsPerWeek: 7, durationMinutes: 45,
    preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9)), TimeWindow(from: TimeOfDay(hour: 19), to: TimeOfDay(hour: 21))],
    minHoursBetweenSessions: 20)

private func autoScheduler(busy: [BusyInterval] = []) throws -> WeekPicture {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(sunday, 1))
    return WeekPicture(
        calendar: Week.berlin, today: sunday, firstDay: Week.monday, days: 7, ghost: ghost,
        settings: PlanningSettings(training: daily), busy: busy)
}

@Test func aHoldMovedWithinItsDaySkipsTheEveningWindowThatWouldCrowdTomorrowsSession() throws {
    let forecast = try #require(EveningPlan.decide(try autoScheduler()).forecast)
    let now = try Week.at(sunday, 20)
    let first = try HoldPlan.decide(try autoScheduler(), forecast: forecast, book: HoldBook(), now: now, settings: HoldSettings())
    let wednesday = Week.monday.adding(days: 2)
    let held = try #require(first.book.hold(on: wednesday))
    let thursday = try #require(first.book.hold(on: wednesday.adding(days: 1)), "a session every day")
    #expect(Week.berlin.moment(at: held.start).hour < 12 && Week.berlin.moment(at: thursday.start).hour < 12,
            "the week's sessions are held in the morning window")

    // A meeting takes Wednesday morning: the evening window is free, but 19:00 would be less than 20 hours before
    // Thursday's morning session; a late morning slot keeps the gap.
    let meeting = try Week.busy(2, (6, 0), (10, 0))
    let next = try HoldPlan.decide(try autoScheduler(busy: [meeting]), forecast: forecast, book: first.book, now: now, settings: HoldSettings())
    let moved = try #require(next.book.hold(on: wednesday))
    #expect(Week.berlin.day(of: moved.start) == wednesday, "Wednesday still has a slot that keeps the gap")
    #expect(moved.start >= meeting.end)
    let starts = next.book.holds.map(\.start).sorted()
    let gaps = zip(starts, starts.dropFirst()).map { $1.timeIntervalSince($0) / 3600 }
    #expect(gaps.allSatisfy { $0 >= 20 }, "hours between the held sessions: \(gaps)")
    #expect(thursday.start.timeIntervalSince(moved.start) >= 20 * 3600)
}
