import Foundation
import GhostEngine
import GhostScheduling
import Testing
import VigorRPC

@testable import VigorDaemon

@Test(.removesScratchFolders) func aWeeklyQuestionAnsweredInTheTerminalIsNotSentByTheNextEvening() async throws {
    let week = try await SchedulerWeek.sunday()
    let inbox = try await routerResult(InboxListMethod.self, "{}", week.context).entries
    let sunday = try #require(inbox.first { $0.kind == "weeklyReceipt" })
    #expect(sunday.state == "heldBack" && sunday.body.contains("This week: Wed 07:00, Fri 07:00 — hold these?"), "\(sunday)")

    _ = week.at(4)
    _ = try await routerResult(PlanHoldMethod.self, #"{"day":"week"}"#, week.context)
    await week.context.backend.settleNotifications(at: week.at(5))

    // Monday's evening, less than a day after the receipt was built: its forecast reaches next Monday. Monday's missed
    // session is explained in the terminal, so the day's notification is free.
    let monday = week.at(24 * 60)
    _ = try await week.context.backend.runCycle(.evening, now: monday, zone: week.berlin)
    let missed = try #require(await week.context.ghost.current.triage.openQuestion?.block)
    _ = try await routerResult(TriageAnswerMethod.self, #"{"block":"\#(missed.rawValue)","reason":"lifeHappened"}"#, week.context)
    await week.context.backend.settleNotifications(at: monday)
    #expect(try week.weeklyDeliveries().isEmpty, "the answered receipt never reaches the hook")
    let weekly = try #require(try await routerResult(InboxListMethod.self, "{}", week.context).entries.first { $0.kind == "weeklyReceipt" })
    #expect(!weekly.body.contains("hold these?") && weekly.actions.isEmpty, "\(weekly)")
}

@Test(.removesScratchFolders) func theWeeklyQuestionNeverNamesADayOfNextWeekAsThisWeek() async throws {
    let week = try await SchedulerWeek.sunday()
    // Unanswered, the receipt still speaks on Monday evening; the evening's forecast reaches next Monday (30 Nov).
    let monday = week.at(24 * 60)
    _ = try await week.context.backend.runCycle(.evening, now: monday, zone: week.berlin)
    await week.context.backend.settleNotifications(at: monday)
    let inbox = try await routerResult(InboxListMethod.self, "{}", week.context).entries
    let weekly = try #require(inbox.first { $0.kind == "weeklyReceipt" })
    #expect(weekly.body.contains("This week: Wed 07:00, Fri 07:00 — hold these?"), "\(weekly.body)")
}
