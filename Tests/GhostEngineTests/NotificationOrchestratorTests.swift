import CivilCalendar
import Foundation
import Testing

@testable import GhostEngine

private let monday = LocalDay(iso: "2026-11-23")!
private let tuesday = LocalDay(iso: "2026-11-24")!
private let start = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23T00:00:00Z
private let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)

private func at(
    _ day: LocalDay, _ hour: Int, _ minute: Int = 0, recovering: Bool = false, poorNight: Bool = false,
    rules: NotificationRules = NotificationRules()
) -> NotificationOrchestrator.Situation {
    let offset = Double(monday.days(until: day)) * 86_400
    return .init(
        now: start.addingTimeInterval(offset + Double(hour * 3600 + minute * 60)), calendar: utc, rules: rules,
        recovering: recovering, poorNight: poorNight)
}

private let triage = GhostMessage(key: "triage:b1", kind: .triage, title: "Missed your Mon 07:00 workout", body: "Quick question to help me learn:")
private let proposal = GhostMessage(key: "proposal:b2:1", kind: .proposal, title: "Tue 07:00 workout?", body: "45 minutes.")
private let weekly = GhostMessage(key: "weekly:2026-11-16", kind: .weeklyReceipt, title: "Your week", body: "3 of 3.")

private func decide(
    _ pending: [GhostMessage], _ situation: NotificationOrchestrator.Situation, after ledger: NotificationLedger = NotificationLedger(),
    rules: NotificationRules = NotificationRules()
) -> (NotificationLedger, [NotificationOrchestrator.Effect]) {
    NotificationOrchestrator.decide(ledger, pending: pending, situation: situation, rules: rules)
}

@Test func oneNotificationADayGoesToTheMostImportantMessageAndCountsTheRest() {
    let (ledger, effects) = decide([triage, proposal, weekly], at(monday, 10))
    #expect(effects == [.deliver(triage, alsoWaiting: 2)])
    #expect(ledger.entry(proposal.key)?.reason == "held back: today's notification went to the triage question")
    #expect(ledger.entry(weekly.key)?.state == .heldBack)
    // Later that day nothing more goes out.
    let (_, later) = decide([triage, proposal, weekly], at(monday, 18), after: ledger)
    #expect(later.isEmpty)
}

@Test func whatWasHeldBackGoesOutTomorrow() {
    let (first, _) = decide([triage, proposal], at(monday, 10))
    let (_, effects) = decide([triage, proposal], at(tuesday, 9), after: first)
    #expect(effects == [.deliver(proposal, alsoWaiting: 0)])
}

@Test func quietHoursSpanMidnightAndEndOnTheMinute() {
    for (day, hour, minute) in [(monday, 21, 30), (monday, 23, 0), (tuesday, 6, 59)] {
        let (ledger, effects) = decide([proposal], at(day, hour, minute))
        #expect(effects.isEmpty, "\(hour):\(minute)")
        #expect(ledger.entry(proposal.key)?.reason == "held back: quiet hours until 07:00")
    }
    #expect(decide([proposal], at(tuesday, 7)).1 == [.deliver(proposal, alsoWaiting: 0)])
}

@Test func nothingDuringRecoveryTime() {
    let (recovering, none) = decide([proposal], at(monday, 10, recovering: true))
    #expect(none.isEmpty)
    #expect(recovering.entry(proposal.key)?.reason == "held back: recovery time is running")
}

@Test func afterAPoorNightNothingIsSaidAllDay() {
    var ledger = NotificationLedger()
    for (hour, minute) in [(7, 0), (12, 0), (17, 30), (21, 29)] {
        let (next, effects) = decide([proposal, triage], at(monday, hour, minute, poorNight: true), after: ledger)
        #expect(effects.isEmpty, "\(hour):\(minute)")
        #expect(next.entry(proposal.key)?.reason == "held back: last night was poor, so I say nothing today")
        ledger = next
    }
    // The next day, after a good night, the day's one notification goes out.
    #expect(decide([proposal], at(tuesday, 10), after: ledger).1 == [.deliver(proposal, alsoWaiting: 0)])
}

@Test func afterAPoorNightAMoveOfTomorrowsEarlyBlockStillGoesOut() {
    // A meeting lands on Tuesday's 06:30 block at 21:13 on Monday: waiting for Tuesday's 07:00 would let the block start.
    let move = GhostMessage(
        key: "move:b3:1", kind: .proposal, title: "Move Tue 06:30 to Tue 08:15?", body: "Something now covers your training.",
        startsAt: start.addingTimeInterval(86_400 + 6.5 * 3_600))
    let (_, effects) = decide([move, triage], at(monday, 21, 13, poorNight: true))
    #expect(effects == [.deliver(move, alsoWaiting: 1)])
    // A proposal that can wait for tomorrow's notification still waits.
    let later = GhostMessage(
        key: "proposal:b4:1", kind: .proposal, title: "Wed 07:00 workout?", body: "45 minutes.",
        startsAt: start.addingTimeInterval(2 * 86_400 + 7 * 3_600))
    let (ledger, none) = decide([later], at(monday, 21, 13, poorNight: true))
    #expect(none.isEmpty)
    #expect(ledger.entry(later.key)?.reason == "held back: last night was poor, so I say nothing today")
}

@Test func afterAPoorNightTheApologyIsStillSaid() {
    let apology = GhostMessage(key: "apology:1", kind: .apology, title: "Sorry", body: SafetyBreaker.apology)
    let (ledger, effects) = decide([apology, proposal], at(monday, 10, poorNight: true))
    #expect(effects == [.deliver(apology, alsoWaiting: 1)])
    #expect(ledger.entry(proposal.key)?.reason == "held back: last night was poor, so I say nothing today")
}

@Test func aMessageAnsweredElsewhereIsWithdrawnAndSettled() {
    let (delivered, _) = decide([proposal], at(monday, 10))
    let (settled, effects) = decide([], at(monday, 10, 5), after: delivered)
    #expect(effects == [.withdraw(key: proposal.key)])
    #expect(settled.entry(proposal.key)?.state == .settled)
    // It is never shown again, and the day's budget stays spent.
    #expect(decide([triage], at(monday, 11), after: settled).1.isEmpty)
}

@Test func aBudgetOfZeroOnlyFillsTheInbox() {
    var rules = NotificationRules()
    rules.dailyBudget = 0
    let (ledger, effects) = decide([proposal], at(monday, 10), rules: rules)
    #expect(effects.isEmpty)
    #expect(ledger.entry(proposal.key)?.reason == "held back: notifications are off ([notify] daily_budget = 0)")
}

@Test func theApologyOutranksEverything() {
    let apology = GhostMessage(key: "apology:1", kind: .apology, title: "Sorry", body: SafetyBreaker.apology)
    #expect(decide([apology, triage], at(monday, 10)).1 == [.deliver(apology, alsoWaiting: 1)])
}

@Test func aProposalAndAMoveProposalCarryAcceptAndDeclineWithTheirCommands() throws {
    var fixture = try GhostFixture(phase: .scheduler)
    try fixture.place(day: 1, hour: 7)
    let messages = GhostMessages.pending(ghost: fixture.ghost, now: try TestTime.date(0, 12), breakerFiredAt: nil)
    let message = try #require(messages.first)
    #expect(message.kind == .proposal)
    #expect(message.title == "Tue 07:00 workout?")
    #expect(message.actions.map(\.command) == ["vigorctl accept b1", "vigorctl decline b1"])
}

@Test func aMessageThatCannotChangeAnythingGoesToTheInboxOnly() {
    let news = GhostMessage(key: "weekly:2026-11-16", kind: .weeklyReceipt, title: "Your week", body: "3 of 3.", inboxOnly: true)
    let (ledger, effects) = decide([news, proposal], at(monday, 10))
    #expect(effects == [.deliver(proposal, alsoWaiting: 1)])
    #expect(ledger.entry(news.key)?.state == .heldBack)
    #expect(ledger.entry(news.key)?.reason == NotificationOrchestrator.inboxOnlyReason)
    // Alone on a fresh day it still takes no notification: the budget stays for what can change something.
    #expect(decide([news], at(tuesday, 10), after: ledger).1 == [.withdraw(key: proposal.key)])
}

@Test func aWeeklyReceiptWithoutHoldTheseIsInboxOnlyAndOneThatAsksIsANotification() throws {
    let fixture = try GhostFixture(phase: .scheduler)
    let now = try TestTime.date(0, 21)
    let told = GhostMessages.pending(
        ghost: fixture.ghost, now: now, breakerFiredAt: nil, weeklyReceipt: (key: "2026-11-16", text: "3 of 3."),
        holdQuestion: (text: "Held for next week: Mon 07:00.", asks: false, covers: nil))
    #expect(told.first { $0.kind == .weeklyReceipt }?.inboxOnly == true)
    let asked = GhostMessages.pending(
        ghost: fixture.ghost, now: now, breakerFiredAt: nil, weeklyReceipt: (key: "2026-11-16", text: "3 of 3."),
        holdQuestion: (text: "Hold these?", asks: true, covers: nil))
    #expect(asked.first { $0.kind == .weeklyReceipt }?.inboxOnly == false)
}

@Test func eachButtonMeansTheAnswerItsCommandGives() {
    let ghostAnswers: [(GhostMessage.Kind, String, GhostMessage.Answer)] = [
        (.proposal, "accept", .proposal(accepted: true)), (.proposal, "decline", .proposal(accepted: false)),
        (.triage, "bad-time", .triage(.badTimeSlot)), (.triage, "life-happened", .triage(.lifeHappened)),
        (.triage, "skip", .triage(.unknown)),
        (.transformation, "keep", .transformation(kept: true)), (.transformation, "revert", .transformation(kept: false)),
        (.checkIn, "slept-well", .checkIn(sleptWell: true)), (.checkIn, "slept-badly", .checkIn(sleptWell: false)),
    ]
    for (kind, id, answer) in ghostAnswers {
        let message = GhostMessage(
            key: "k", kind: kind, title: "t", body: "b", actions: [.init(id: id, label: id, command: "vigorctl \(id)")])
        #expect(message.answer(to: id) == answer)
    }
    #expect(proposal.answer(to: "accept") == nil, "a message answers only the actions it offers")
    let weeklyWithButton = GhostMessage(
        key: "w", kind: .weeklyReceipt, title: "t", body: "b", actions: [.init(id: "accept", label: "Accept", command: "")])
    #expect(weeklyWithButton.answer(to: "accept") == nil)
}

/// The situation at `instant` as the desk sees it in `zone`: the local day and wall time there.
private func seen(at instant: Date, in zone: String) -> NotificationOrchestrator.Situation {
    .init(now: instant, calendar: LocalCalendar(timeZone: TimeZone(identifier: zone)!), rules: NotificationRules())
}

@Test func flyingWestWithinTheSameLocalDateTheDaysNotificationIsStillSpent() {
    // Monday 10:00 in Berlin the triage question goes out; the user lands in New York, where it is still Monday.
    let berlinMorning = start.addingTimeInterval(9 * 3600)  // 10:00 Berlin
    let (ledger, first) = decide([triage, proposal], seen(at: berlinMorning, in: "Europe/Berlin"))
    #expect(first == [.deliver(triage, alsoWaiting: 1)])
    let newYorkAfternoon = start.addingTimeInterval(20 * 3600)  // 15:00 in New York, 21:00 in Berlin: Monday in both
    #expect(seen(at: newYorkAfternoon, in: "America/New_York").day == monday)
    let (_, later) = decide([triage, proposal], seen(at: newYorkAfternoon, in: "America/New_York"), after: ledger)
    #expect(later.isEmpty)
}

@Test func flyingEastIntoTheNextLocalDateBringsThatDaysNotification() {
    // Monday 10:00 in Berlin the triage question goes out; ten hours later the user is in Tokyo, already Tuesday.
    let berlinMorning = start.addingTimeInterval(9 * 3600)
    let (ledger, _) = decide([triage, proposal], seen(at: berlinMorning, in: "Europe/Berlin"))
    let tokyoMorning = start.addingTimeInterval(23 * 3600)  // Tuesday 08:00 in Tokyo, still Monday 23:00 UTC
    let situation = seen(at: tokyoMorning, in: "Asia/Tokyo")
    #expect(situation.day == tuesday)
    let (_, effects) = decide([triage, proposal], situation, after: ledger)
    #expect(effects == [.deliver(proposal, alsoWaiting: 0)])
}
