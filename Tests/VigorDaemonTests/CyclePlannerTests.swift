import CivilCalendar
import Foundation
import GhostEngine
import TestPrograms
import Testing

@testable import VigorDaemon

private let berlin = TimeZone(identifier: "Europe/Berlin")!
private let planner = CyclePlanner(zone: berlin, morning: TimeOfDay(hour: 6, minute: 0), evening: TimeOfDay(hour: 21, minute: 0))

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

@Test(.removesScratchFolders) func nothingIsDueBeforeTheMorningTime() throws {
    #expect(try planner.due(at: try instant("2026-11-23T04:59:00Z"), ran: []) == [])
}

@Test(.removesScratchFolders) func morningIsDueFromItsTimeUntilItRan() throws {
    let day = LocalDay(year: 2026, month: 11, day: 23)
    #expect(try planner.due(at: try instant("2026-11-23T05:00:00Z"), ran: []) == [.morning])
    #expect(try planner.due(at: try instant("2026-11-23T05:00:00Z"), ran: [CycleKey(kind: .morning, day: day)]) == [])
}

@Test(.removesScratchFolders) func startingLateCatchesUpBothCyclesInOrder() throws {
    #expect(try planner.due(at: try instant("2026-11-23T22:30:00Z"), ran: []) == [.morning, .evening])
}

@Test(.removesScratchFolders) func yesterdaysRunDoesNotCountForToday() throws {
    let yesterday = LocalDay(year: 2026, month: 11, day: 22)
    let ran: Set = [CycleKey(kind: .morning, day: yesterday), CycleKey(kind: .weekly, day: yesterday)]
    #expect(try planner.due(at: try instant("2026-11-23T05:30:00Z"), ran: ran) == [.morning])
}

@Test(.removesScratchFolders) func onTheSpringForwardDayMorningIsDueAtSixLocal() throws {
    // 2026-03-29: 06:00 CEST is 04:00Z.
    #expect(try planner.due(at: try instant("2026-03-29T03:59:00Z"), ran: []) == [])
    #expect(try planner.due(at: try instant("2026-03-29T04:00:00Z"), ran: []) == [.morning])
}

@Test(.removesScratchFolders) func onTheFallBackDayEveningIsDueAtNineLocal() throws {
    // 2026-10-25 has 25 hours; 21:00 CET is 20:00Z. It is a Sunday, so the weekly cycle follows the evening.
    let morning = CycleKey(kind: .morning, day: LocalDay(year: 2026, month: 10, day: 25))
    #expect(try planner.due(at: try instant("2026-10-25T19:59:00Z"), ran: [morning]) == [])
    #expect(try planner.due(at: try instant("2026-10-25T20:00:00Z"), ran: [morning]) == [.evening, .weekly])
}

@Test(.removesScratchFolders) func cycleTimeInsideTheGapRunsAfterTheGap() throws {
    let early = CyclePlanner(zone: berlin, morning: TimeOfDay(hour: 2, minute: 30), evening: TimeOfDay(hour: 21, minute: 0))
    #expect(try early.due(at: try instant("2026-03-29T00:59:00Z"), ran: []) == [])
    #expect(try early.due(at: try instant("2026-03-29T01:30:00Z"), ran: []) == [.morning])
}

@Test(.removesScratchFolders) func theWeeklyCycleIsDueOnlyOnSundayRightAfterTheEvening() throws {
    // Sunday 2026-11-29 21:30 Berlin, nothing ran yet.
    #expect(try planner.due(at: try instant("2026-11-29T20:30:00Z"), ran: []) == [.morning, .evening, .weekly])
    // Saturday evening: no weekly cycle.
    #expect(try planner.due(at: try instant("2026-11-28T20:30:00Z"), ran: []) == [.morning, .evening])
    // Sunday afternoon: not yet.
    #expect(try planner.due(at: try instant("2026-11-29T15:00:00Z"), ran: []) == [.morning])
}

@Test(.removesScratchFolders) func aMissedSundayRunsTheWeeklyCycleLateFirstThingOnMonday() throws {
    // Vigord ran cycles on Saturday 2026-11-28, then the laptop stayed closed until Monday 07:00 Berlin.
    let saturday = LocalDay(year: 2026, month: 11, day: 28), sunday = LocalDay(year: 2026, month: 11, day: 29)
    let ran: Set = [CycleKey(kind: .morning, day: saturday), CycleKey(kind: .evening, day: saturday)]
    #expect(try planner.due(at: try instant("2026-11-30T06:00:00Z"), ran: ran) == [.weekly, .morning])
    #expect(CyclePlanner.missedSunday(today: LocalDay(year: 2026, month: 12, day: 5), ran: ran) == sunday)
    #expect(try planner.lateness(of: .weekly, at: try instant("2026-11-30T06:00:00Z")) == 10 * 3600)
    // Once it ran for that Sunday, nothing more until the next Sunday.
    let caughtUp = ran.union([CycleKey(kind: .weekly, day: sunday), CycleKey(kind: .morning, day: sunday.adding(days: 1))])
    #expect(try planner.due(at: try instant("2026-11-30T08:00:00Z"), ran: caughtUp) == [])
}

@Test(.removesScratchFolders) func aWeekWithoutVigordHasNoWeeklyToCatchUp() throws {
    // A new install on Wednesday 2026-12-02: nothing ran in the week that ended on Sunday.
    let today = LocalDay(year: 2026, month: 12, day: 2)
    #expect(try planner.due(at: try instant("2026-12-02T06:00:00Z"), ran: [CycleKey(kind: .morning, day: today)]) == [])
    // Runs only in the week before that do not count either.
    let older = LocalDay(year: 2026, month: 11, day: 22)
    #expect(CyclePlanner.missedSunday(today: today, ran: [CycleKey(kind: .evening, day: older)]) == nil)
}

@Test(.removesScratchFolders) func theWeeklyCycleNeverRunsBeforeSixPMOnSunday() throws {
    let early = CyclePlanner(zone: berlin, morning: TimeOfDay(hour: 6, minute: 0), evening: TimeOfDay(hour: 16, minute: 30))
    #expect(early.times[.weekly] == TimeOfDay(hour: 18, minute: 0))
    // Sunday 2026-11-29 17:00 Berlin: the evening is due, the weekly waits for 18:00.
    #expect(try early.due(at: try instant("2026-11-29T16:00:00Z"), ran: []) == [.morning, .evening])
    #expect(try early.due(at: try instant("2026-11-29T17:00:00Z"), ran: []) == [.morning, .evening, .weekly])
}

@Test(.removesScratchFolders) func aMorningCycleRunAtBootIsAsLateAsTheMachineWasOff() throws {
    // 06:00 Berlin is 05:00Z in November; the laptop opens at 09:15 Berlin.
    #expect(try planner.lateness(of: .morning, at: try instant("2026-11-23T08:15:00Z")) == 3 * 3600 + 15 * 60)
    #expect(try planner.lateness(of: .morning, at: try instant("2026-11-23T05:00:30Z")) == 30)
}

@Test(.removesScratchFolders) func latenessOnTheSpringForwardDayCountsRealTime() throws {
    // 2026-03-29: 02:00 → 03:00 Berlin. 06:00 CEST is 04:00Z; 07:00 CEST is one real hour later.
    #expect(try planner.lateness(of: .morning, at: try instant("2026-03-29T05:00:00Z")) == 3600)
}

@Test(.removesScratchFolders) func aCycleCaughtUpAfterSleepIsTheMachinesDoingAndOneMissedWhileAwakeIsAFailure() {
    let now = Date(timeIntervalSince1970: 1_795_341_600)
    // vigord starts (no check before) or wakes (last check hours ago) an hour after the cycle's time.
    #expect(CycleService.lateRun(lateness: 3600, previousCheck: nil, now: now) == .caughtUp)
    #expect(CycleService.lateRun(lateness: 3600, previousCheck: now.addingTimeInterval(-3 * 3600), now: now) == .caughtUp)
    // It checked 30 s ago and the cycle is still an hour late: it was awake and did not run it.
    #expect(CycleService.lateRun(lateness: 3600, previousCheck: now.addingTimeInterval(-30), now: now) == .missed)
    #expect(CycleService.lateRun(lateness: 60, previousCheck: now.addingTimeInterval(-30), now: now) == .onTime)
}
