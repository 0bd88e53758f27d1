import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The evening plan decides on a picture alone: no calendar files, no database.
private let sunday = Week.monday.adding(days: -1)

/// Sunday evening's picture of the week from Monday, the Ghost a Scheduler (it proposes what it places).
private func eveningPicture(
    settings: TrainingSettings = Week.morningSettings, busy: [BusyInterval] = [], _ change: (inout WeekPicture) -> Void = { _ in }
) throws -> WeekPicture {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(sunday, 1))
    var picture = WeekPicture(
        calendar: Week.berlin, today: sunday, firstDay: Week.monday, days: 7, ghost: ghost,
        settings: PlanningSettings(training: settings), busy: busy)
    change(&picture)
    return picture
}

private func placement(_ plan: EveningPlan) -> BlockCandidate? {
    plan.events.lazy.compactMap { if case .placementRequested(let candidate, _) = $0 { candidate } else { nil } }.first
}

@Test func eveningAsksTheGhostToPlaceTomorrowAtTheSlotsScore() throws {
    let daily = TrainingSettings(
        sessionsPerWeek: 7, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])
    let plan = EveningPlan.decide(try eveningPicture(settings: daily))
    let candidate = try #require(placement(plan))
    #expect(candidate.start == (try Week.at(0, 7)))
    #expect(candidate.confidence == 0.75, "in the preferred window with no history the slot scores 0.75, and that is the confidence")
    #expect(plan.events.prefix(2) == [.tick, .backgroundSucceeded])
    #expect(plan.notes.last?.hasPrefix("best time tomorrow 07:00 (in your preferred window") == true, "\(plan.notes)")
    #expect(plan.forecast?.days.count == 7)
}

@Test func recoveryTimeIntoTomorrowLeavesTomorrowEmptyAndPlansNothing() throws {
    let plan = EveningPlan.decide(try eveningPicture { $0.recoveryTimeIntoFirstDay = true })
    #expect(plan.events == [.tick, .backgroundSucceeded, .dayLeftEmpty(Week.monday, .recoveryTime)])
    #expect(plan.forecast == WeekForecast(firstDay: Week.monday, days: 1, why: .recoveryTime))
    #expect(plan.notes.last == "recovery time runs into tomorrow, so nothing is placed")
}

@Test func unreadableCalendarsLeaveTomorrowUnknownAndCountAgainstGhostHealth() throws {
    let plan = EveningPlan.decide(try eveningPicture { $0.calendarFailure = "disk on fire" })
    #expect(plan.events == [.tick, .backgroundFailed(.calendarReadFailed), .dayLeftEmpty(Week.monday, .unknownDay)])
    #expect(plan.notes == ["could not read the calendars: disk on fire"])
}

@Test func aFailedSourceCountsAgainstGhostHealthButTheWeekIsStillPlanned() throws {
    let plan = EveningPlan.decide(try eveningPicture { $0.failedSources = ["work"]; $0.unknownDays = [Week.monday] })
    #expect(plan.events.prefix(2) == [.tick, .backgroundFailed(.calendarReadFailed)])
    #expect(plan.notes.first?.hasSuffix("failed sources: work, their days unknown") == true)
    #expect(plan.forecast != nil)
}

@Test func aTravelDayTomorrowGetsNoBlockAndTheNotesSayWhy() throws {
    let plan = EveningPlan.decide(try eveningPicture {
        $0.travelEvidence = [.allDayEvent(day: Week.monday, title: "Flight to Lisbon", category: "")]
    })
    #expect(placement(plan) == nil)
    #expect(plan.events.last == .dayLeftEmpty(Week.monday, .travel))
    #expect(plan.notes.contains(#"travel: 2026-03-02 (all-day event "Flight to Lisbon")"#))
}

@Test func aDayThatAlreadyHasABlockGetsNoSecondOne() throws {
    let daily = TrainingSettings(sessionsPerWeek: 7, durationMinutes: 45)
    let first = try eveningPicture(settings: daily)
    var ghost = first.ghost
    let candidate = try #require(placement(EveningPlan.decide(first)))
    _ = try ghost.handle(.placementRequested(candidate, alternatives: []), now: try Week.at(sunday, 21))
    let again = EveningPlan.decide(try eveningPicture(settings: daily) { $0.ghost = ghost })
    #expect(placement(again) == nil)
    #expect(again.notes.last == "tomorrow already has a block")
}

@Test func morningClosesTheDaysSinceTheLastMorningAtMostTwoWeeksBack() {
    let today = Week.monday.adding(days: 30)
    #expect(MorningPlan.daysToClose(today: today, lastMorning: nil).isEmpty)
    #expect(MorningPlan.daysToClose(today: today, lastMorning: today.adding(days: -3)) == [-3, -2, -1].map { today.adding(days: $0) })
    #expect(MorningPlan.daysToClose(today: today, lastMorning: today.adding(days: -40)).count == MorningPlan.maximumCatchUpDays)
}

@Test func healthDataOlderThanTwoDaysCountsAgainstGhostHealthOnlyOnTheFirstMorningPastTheLimit() throws {
    let picture = try eveningPicture()
    let now = try Week.at(0, 6)
    let fresh = try MorningPlan.decide(picture, closing: [], newestHealthData: now.addingTimeInterval(-3600), now: now)
    #expect(fresh.events == [.tick, .backgroundSucceeded])
    let stale = try MorningPlan.decide(picture, closing: [], newestHealthData: now.addingTimeInterval(-49 * 3600), now: now)
    #expect(stale.events == [.tick, .backgroundFailed(.staleData)])
    #expect(stale.notes.last == "the newest health data is 49 hours old")
    let staler = try MorningPlan.decide(picture, closing: [], newestHealthData: now.addingTimeInterval(-80 * 3600), now: now)
    #expect(staler.events == [.tick])
    let never = try MorningPlan.decide(picture, closing: [], newestHealthData: nil, now: now)
    #expect(never.events == [.tick, .backgroundSucceeded])
}

@Test func aWatchPluggedInEveryFewDaysIsStaleOnlyPastItsOwnRhythm() throws {
    let now = try Week.at(0, 6)
    let day: TimeInterval = 86_400
    // Plugged in every five days: a four-day-old night is the rhythm, not an import that stopped.
    let plugged = [-20.0, -15, -10, -5].map { now.addingTimeInterval($0 * day) }
    #expect(MorningPlan.expectedWithin(arrivals: plugged, now: now) == 7.5 * day)
    #expect(MorningPlan.healthDataVerdict(newestHealthData: now.addingTimeInterval(-4 * day), arrivals: plugged, now: now).events
        == [.backgroundSucceeded])
    #expect(MorningPlan.healthDataVerdict(newestHealthData: now.addingTimeInterval(-8 * day), arrivals: plugged, now: now).events
        == [.backgroundFailed(.staleData)])
    // A phone that syncs daily, or too few deliveries to show a rhythm: two days.
    let daily = (1...10).map { now.addingTimeInterval(-Double($0) * day) }
    #expect(MorningPlan.expectedWithin(arrivals: daily, now: now) == 2 * day)
    #expect(MorningPlan.expectedWithin(arrivals: Array(plugged.suffix(2)), now: now) == 2 * day)
    // A month without the watch is never a rhythm: fourteen days at most.
    let rare = [-27.0, -26, -1].map { now.addingTimeInterval($0 * day) }
    #expect(MorningPlan.expectedWithin(arrivals: rare, now: now) == 14 * day)
}

@Test func aDeviceThatKeepsItsRhythmRecordsTheNightsAndAUserWithoutOneDoesNot() throws {
    let now = try Week.at(0, 6)
    let day: TimeInterval = 86_400
    let synced = (1...10).map { now.addingTimeInterval(-Double($0) * day + 3600) }
    // A phone synced daily whose last night has not landed yet: the night before is within two days.
    #expect(MorningPlan.deviceRecordsNights(newestNight: now.addingTimeInterval(-day - 3600), arrivals: synced, now: now))
    // The same phone silent for three days: the device stopped, so the check-in is asked.
    #expect(!MorningPlan.deviceRecordsNights(newestNight: now.addingTimeInterval(-3 * day), arrivals: synced, now: now))
    // A watch plugged in every five days, four days after the last: still its rhythm.
    let plugged = [-20.0, -15, -10, -5].map { now.addingTimeInterval($0 * day) }
    #expect(MorningPlan.deviceRecordsNights(newestNight: now.addingTimeInterval(-5 * day), arrivals: plugged, now: now))
    #expect(!MorningPlan.deviceRecordsNights(newestNight: nil, arrivals: [], now: now))
}

@Test func threeMissesInTheSameSlotSteerTomorrowsBlockElsewhere() throws {
    let start = Week.monday.adding(days: -22)
    var ghost = Ghost(startingAt: try Week.at(start, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(start, 1))
    for weeksBack in [3, 2, 1] {
        let block = try Week.at(Week.monday.adding(days: -7 * weeksBack), 7)
        _ = try ghost.handle(
            .placementRequested(BlockCandidate(start: block, durationMinutes: 45, confidence: 1), alternatives: []),
            now: block.addingTimeInterval(-12 * 3600))
        _ = try ghost.handle(.tick, now: block.addingTimeInterval(3 * 3600))
    }
    #expect(ghost.blocks.filter { $0.status == .missed }.count == 3)
    let daily = TrainingSettings(
        sessionsPerWeek: 7, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])
    let candidate = try #require(placement(EveningPlan.decide(try eveningPicture(settings: daily) { $0.ghost = ghost })))
    #expect(Week.berlin.moment(at: candidate.start).hour != 7, "three misses at Mon 07:00 must steer tomorrow's block elsewhere")
}

@Test func aMeetingPackedTomorrowLeavesTheSessionToALighterDay() throws {
    let free = EveningPlan.decide(try eveningPicture())
    #expect(placement(free)?.start == (try Week.at(0, 7)))
    let packed = EveningPlan.decide(try eveningPicture(busy: [try Week.busy(0, (9, 0), (19, 0))]))
    #expect(placement(packed) == nil, "ten hours of meetings make Monday the likeliest skip of the week")
    #expect(packed.notes.last?.hasPrefix("no block tomorrow") == true)
}

/// Two a week, Monday's and Tuesday's done: Tuesday evening leaves Wednesday empty, and its receipt gives the counts
/// that decided it, never "already done, on your calendar or on better days".
@Test func aDayLeftOutOfAFullWeekIsExplainedWithTheWeeksCounts() throws {
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(sunday, 1))
    for day in [0, 1] {
        _ = try ghost.handle(
            .placementRequested(BlockCandidate(start: try Week.at(day, 7), durationMinutes: 45, confidence: 1), alternatives: []),
            now: try Week.at(day, 1))
        _ = try ghost.handle(.workoutDetected(at: try Week.at(day, 7, 10), confidence: 1), now: try Week.at(day, 9))
    }
    var settings = Week.morningSettings
    settings.sessionsPerWeek = 2
    let tuesday = Week.monday.adding(days: 1)
    let picture = WeekPicture(
        calendar: Week.berlin, today: tuesday, firstDay: tuesday.adding(days: 1), days: 7, ghost: ghost,
        settings: PlanningSettings(training: settings))
    let plan = EveningPlan.decide(picture)
    let sentence = "This week already has its 2 sessions: 2 done."
    #expect(plan.events.last == .dayLeftEmpty(tuesday.adding(days: 1), .weekFull, reason: sentence), "\(plan.events)")
    let effects = try ghost.handle(try #require(plan.events.last), now: try Week.at(1, 21))
    #expect(effects.contains { if case .recordReceipt(let receipt) = $0 { receipt.reason == sentence } else { false } })
}
