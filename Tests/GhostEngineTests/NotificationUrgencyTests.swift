import CivilCalendar
import Foundation
import Testing

@testable import GhostEngine

/// The day's one notification reaching the user in time: a proposal whose block starts before the next chance to
/// tell them, the morning check-in that yields, and the budget of a local day.
private let sunday = LocalDay(iso: "2026-11-22")!
private let monday = LocalDay(iso: "2026-11-23")!
private let sundayMidnightUTC = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00:00Z
private let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
private let tokyo = LocalCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!)

/// `hour:minute` on `day`, wall time in `calendar`.
private func instant(_ day: LocalDay, _ hour: Int, _ minute: Int = 0, in calendar: LocalCalendar = utc) throws -> Date {
    try calendar.date(on: day, hour: hour, minute: minute)
}

private func at(_ day: LocalDay, _ hour: Int, _ minute: Int = 0, in calendar: LocalCalendar = utc) throws
    -> NotificationOrchestrator.Situation {
    .init(now: try instant(day, hour, minute, in: calendar), calendar: calendar, rules: NotificationRules())
}

private func proposal(_ id: String, startsAt: Date) -> GhostMessage {
    GhostMessage(key: "proposal:\(id):1", kind: .proposal, title: "workout?", body: "45 minutes.", startsAt: startsAt)
}

private let apology = GhostMessage(key: "apology:1", kind: .apology, title: "Sorry", body: SafetyBreaker.apology)
private let health = GhostMessage(key: "health:1", kind: .ghostHealth, title: "vigord", body: "I am running again.")
private let triage = GhostMessage(key: "triage:b1", kind: .triage, title: "Missed your Sat 07:00 workout", body: "Quick question")
private let weekly = GhostMessage(key: "weekly:2026-11-16", kind: .weeklyReceipt, title: "Your week", body: "3 of 4.")
private let checkIn = GhostMessage(key: "checkin:2026-11-22", kind: .checkIn, title: "Slept well?", body: "Nothing told me.")
private let changed = GhostMessage(key: "transformation:b9:1", kind: .transformation, title: "Changed to 30 minutes.", body: "")

private func decide(
    _ pending: [GhostMessage], _ situation: NotificationOrchestrator.Situation, after ledger: NotificationLedger = NotificationLedger()
) -> (NotificationLedger, [NotificationOrchestrator.Effect]) {
    NotificationOrchestrator.decide(ledger, pending: pending, situation: situation, rules: NotificationRules())
}

/// The deliveries among `effects` (a message no longer pending is withdrawn beside them).
private func deliveries(_ effects: [NotificationOrchestrator.Effect]) -> [NotificationOrchestrator.Effect] {
    effects.filter { if case .deliver = $0 { true } else { false } }
}

@Test func theNextChanceIsTheNextEndOfQuietHoursOrWithoutThemTheNextMidnight() throws {
    let rules = NotificationRules()
    #expect(rules.nextChance(after: try instant(sunday, 21), calendar: utc) == (try instant(monday, 7)))
    #expect(rules.nextChance(after: try instant(monday, 2), calendar: utc) == (try instant(monday, 7)))
    #expect(rules.nextChance(after: try instant(monday, 7), calendar: utc) == (try instant(monday.adding(days: 1), 7)))
    var awake = NotificationRules()
    awake.quietFrom = TimeOfDay(hour: 0, minute: 0)
    awake.quietUntil = TimeOfDay(hour: 0, minute: 0)
    #expect(awake.nextChance(after: try instant(sunday, 21), calendar: utc) == (try instant(monday, 0)))
}

@Test func aProposalForABlockBeforeTheNextChanceOutranksEverythingButTheApology() throws {
    let tonight = proposal("b2", startsAt: try instant(sunday, 18))
    let (ledger, effects) = decide([health, triage, tonight], try at(sunday, 10))
    #expect(effects == [.deliver(tonight, alsoWaiting: 2)])
    #expect(ledger.entry(triage.key)?.reason == "held back: today's notification went to a proposal")
    #expect(decide([apology, health, tonight], try at(sunday, 10)).1 == [.deliver(apology, alsoWaiting: 2)])
}

@Test func aProposalForABlockAfterTheNextChanceKeepsItsPlaceBehindTheTriageQuestion() throws {
    let mondayMorning = proposal("b2", startsAt: try instant(monday, 7, 30))
    #expect(decide([triage, mondayMorning], try at(sunday, 21)).1 == [.deliver(triage, alsoWaiting: 1)])
}

@Test func aProposalForABlockThatHasBegunKeepsItsPlaceBehindTheTriageQuestion() throws {
    let begun = proposal("b2", startsAt: try instant(monday, 6, 30))
    #expect(decide([triage, begun], try at(monday, 7)).1 == [.deliver(triage, alsoWaiting: 1)])
}

@Test func aProposalForABlockBeforeQuietHoursEndIsSentTheEveningBefore() throws {
    // A user without a wearable: Sunday's 07:00 check-in went out; the evening cycle proposes Monday 06:30 at 21:00,
    // with the weekly receipt. Quiet hours run 21:30–07:00, so 21:00 is the last chance before the block.
    let (morning, asked) = decide([checkIn], try at(sunday, 7))
    #expect(asked == [.deliver(checkIn, alsoWaiting: 0)])
    let early = proposal("b5", startsAt: try instant(monday, 6, 30))
    let (evening, effects) = decide([early, weekly], try at(sunday, 21), after: morning)
    #expect(deliveries(effects) == [.deliver(early, alsoWaiting: 1)])
    #expect(evening.entry(weekly.key)?.reason == "held back: today's notification went to a proposal")
    // Had it waited, quiet hours would have swallowed it until after the block began.
    #expect(decide([early], try at(sunday, 21, 30), after: morning).0.entry(early.key)?.reason == "held back: quiet hours until 07:00")
}

@Test func aCheckInPromptNeverTakesTheBudgetWhileAProposalWaits() throws {
    let (morning, _) = decide([checkIn], try at(sunday, 7))
    let tuesday = proposal("b3", startsAt: try instant(monday.adding(days: 1), 18))
    let (noon, effects) = decide([tuesday, checkIn], try at(sunday, 11), after: morning)
    #expect(effects == [.deliver(tuesday, alsoWaiting: 0)])
    // The proposal holds the budget now; what comes next names it.
    let (later, none) = decide([tuesday, changed], try at(sunday, 13), after: noon)
    #expect(deliveries(none).isEmpty)
    #expect(later.entry(changed.key)?.reason == "held back: today's notification went to a proposal")
}

@Test func aCheckInPromptNeverTakesTheBudgetWhileATriageQuestionWaits() throws {
    let (morning, _) = decide([checkIn], try at(sunday, 7))
    #expect(decide([triage, checkIn], try at(sunday, 9), after: morning).1 == [.deliver(triage, alsoWaiting: 0)])
    // Asked together, the triage question goes and the check-in waits, naming it.
    let (both, effects) = decide([triage, checkIn], try at(sunday, 7))
    #expect(effects == [.deliver(triage, alsoWaiting: 1)])
    #expect(both.entry(checkIn.key)?.reason == "held back: today's notification went to the triage question")
    // Anything else still finds the day's notification spent by the check-in.
    let (held, none) = decide([checkIn, changed], try at(sunday, 9), after: morning)
    #expect(none.isEmpty)
    #expect(held.entry(changed.key)?.reason == "held back: today's notification went to the morning check-in")
}

@Test func heldBackNamesAMessageSentThatLocalDay() throws {
    // Sunday 21:00 the weekly receipt goes out; the triage question that came with it waits for Monday.
    let (sundayEvening, _) = decide([weekly, triage], try at(sunday, 21))
    #expect(sundayEvening.entry(triage.key)?.reason == "held back: today's notification went to the weekly receipt")
    // Monday 07:00 has its own notification: ghost health takes it, and the triage question now names ghost health.
    let (mondayMorning, effects) = decide([health, triage], try at(monday, 7), after: sundayEvening)
    #expect(deliveries(effects) == [.deliver(health, alsoWaiting: 1)])
    #expect(mondayMorning.entry(triage.key)?.reason == "held back: today's notification went to how the Ghost is running")
}

@Test func theBudgetIsPerLocalDayOfTheUsersZoneNotPer24Hours() throws {
    // In Tokyo, Sunday 21:00 and Monday 07:00 are ten hours apart and on the same UTC date (12:00 and 22:00 UTC).
    let (sundayEvening, _) = decide([weekly], try at(sunday, 21, in: tokyo))
    #expect(utc.day(of: try instant(sunday, 21, in: tokyo)) == utc.day(of: try instant(monday, 7, in: tokyo)))
    let (mondayMorning, effects) = decide([weekly, health, triage], try at(monday, 7, in: tokyo), after: sundayEvening)
    #expect(effects == [.deliver(health, alsoWaiting: 1)])
    #expect(mondayMorning.entry(triage.key)?.reason == "held back: today's notification went to how the Ghost is running")
}

private let logged = GhostMessage(key: "workout:sample:4", kind: .workoutLogged, title: "34 min run logged.", body: "From Mi Band 3.")

@Test func aWorkoutToConfirmNeverTakesTheBudgetFromTheEveningsProposalOrTheWeeklyQuestion() throws {
    // Sunday 18:50 a run arrives from the band and is confirmed; at 21:00 the evening proposes and asks the week.
    let (afternoon, confirmed) = decide([logged], try at(sunday, 18, 50))
    #expect(confirmed == [.deliver(logged, alsoWaiting: 0)])
    let tuesday = proposal("b3", startsAt: try instant(monday.adding(days: 1), 18))
    let (evening, effects) = decide([tuesday, weekly], try at(sunday, 21), after: afternoon)
    #expect(deliveries(effects) == [.deliver(tuesday, alsoWaiting: 1)])
    #expect(evening.entry(weekly.key)?.reason == "held back: today's notification went to a proposal")
    // The weekly question alone gets it back too.
    #expect(deliveries(decide([weekly], try at(sunday, 21), after: afternoon).1) == [.deliver(weekly, alsoWaiting: 0)])
    // Anything else still finds the day spent by the confirmation.
    let (held, none) = decide([logged, changed], try at(sunday, 21), after: afternoon)
    #expect(none.isEmpty)
    #expect(held.entry(changed.key)?.reason == "held back: today's notification went to a logged workout")
}
