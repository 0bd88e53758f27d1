import CivilCalendar
import Foundation
import Testing

@testable import GhostEngine

/// `[notify] daily_budget` above 1: that many notifications a local day, the most important first, the rest held.
private let monday = LocalDay(iso: "2026-11-23")!
private let midnight = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23T00:00:00Z

/// `hour`:00 on Monday in a user's zone of UTC.
private func monday(_ hour: Int, _ rules: NotificationRules) -> NotificationOrchestrator.Situation {
    .init(now: midnight.addingTimeInterval(Double(hour * 3600)), calendar: LocalCalendar(timeZone: .gmt), rules: rules)
}

private let triage = GhostMessage(key: "triage:b1", kind: .triage, title: "Missed your Mon 07:00 workout", body: "Quick question:")
private let proposal = GhostMessage(key: "proposal:b2:1", kind: .proposal, title: "Tue 07:00 workout?", body: "45 minutes.")
private let weekly = GhostMessage(key: "weekly:2026-11-16", kind: .weeklyReceipt, title: "Your week", body: "3 of 3.")

@Test func aBudgetOfTwoDeliversTheTwoMostImportantAndHoldsTheThird() {
    var rules = NotificationRules()
    rules.dailyBudget = 2
    let (ledger, effects) = NotificationOrchestrator.decide(
        NotificationLedger(), pending: [triage, proposal, weekly], situation: monday(10, rules), rules: rules)
    #expect(effects == [.deliver(triage, alsoWaiting: 1), .deliver(proposal, alsoWaiting: 1)])
    #expect(ledger.entry(weekly.key)?.state == .heldBack)
    #expect(ledger.deliveries(on: monday) == 2)
    // The day's two are spent: later that day the third still waits.
    let (_, later) = NotificationOrchestrator.decide(ledger, pending: [triage, proposal, weekly], situation: monday(18, rules), rules: rules)
    #expect(later.isEmpty)
}

@Test func aBudgetOfTwoLeavesOneForLaterWhenOneWasSaidInTheMorning() {
    var rules = NotificationRules()
    rules.dailyBudget = 2
    let (morning, first) = NotificationOrchestrator.decide(NotificationLedger(), pending: [proposal], situation: monday(8, rules), rules: rules)
    #expect(first == [.deliver(proposal, alsoWaiting: 0)])
    let (_, evening) = NotificationOrchestrator.decide(morning, pending: [proposal, triage, weekly], situation: monday(19, rules), rules: rules)
    #expect(evening == [.deliver(triage, alsoWaiting: 1)], "one more today, the most important of the new ones")
}
