import CivilCalendar
import Testing

@testable import GhostEngine

/// When an Observer will first propose: the day it has seen its week, the history it could read counted.
@Test func anObserverProposesFromTheDayItHasSeenItsWeekHistoryCounted() {
    let monday = LocalDay(year: 2026, month: 11, day: 23)
    let rules = TrustRules()
    let fresh = TrustLadder(startingOn: monday, rules: rules)
    #expect(fresh.firstSchedulerDay(after: monday, rules: rules) == monday.adding(days: 7))
    let withHistory = TrustLadder(phase: .observer, score: 0, phaseEnteredOn: monday, readableHistoryDays: 9)
    #expect(withHistory.firstSchedulerDay(after: monday, rules: rules) == monday)
    let scheduler = TrustLadder(phase: .scheduler, score: 0.1, phaseEnteredOn: monday)
    #expect(scheduler.firstSchedulerDay(after: monday, rules: rules) == nil)
}
