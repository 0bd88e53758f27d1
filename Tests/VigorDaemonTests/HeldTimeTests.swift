import Foundation
import TestPrograms
import GhostEngine
import GhostScheduling
import ICalendarKit
import Logging
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Monday 2026-11-23 21:00 Berlin: the evening plans Tuesday and holds the week's later likely sessions.
private let evening = Date(timeIntervalSince1970: 1_795_464_000)

/// A daemon with one work calendar file, a shadow calendar, and `[calendar.hold] defend_hours` as given.
private struct HeldWeek {
    let context: LocalAPI.Context
    let work: String
    let shadow: String

    init(phase: TrustPhase, defendHours: Int = 72, restDays: [Int] = []) async throws {
        let folder = try ScratchFolder.make("holds")
        work = folder + "/work.ics"
        shadow = folder + "/busy"
        try ReplanWeek.calendar([]).write(toFile: work, atomically: true, encoding: .utf8)
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(work))]
        config.calendar.shadow = ShadowCalendar(path: shadow)
        config.calendar.hold = HoldSettings(defendHours: defendHours)
        config.training.restDays = restDays
        context = try makeTestContext(config: config, now: evening)
        _ = try await context.ghost.perform(.manualPhaseChange(to: phase), at: evening)
    }

    func runEvening() async throws {
        let config = await context.state.config
        _ = try await context.backend.runCycle(
            .evening, now: evening, zone: config.schedule.zone, training: config.training, rules: config.schedulingRules,
            hold: config.calendar.hold)
    }

    func replan(at time: Date) async throws {
        _ = try await context.backend.replanWeek(at: time)
    }

    var holds: [Hold] {
        get async { await context.output.holds.book.holds }
    }

    /// The text of the hold's file in vigord's calendar.
    func file(of hold: Hold) throws -> String {
        try String(contentsOfFile: try calendarFile(context, item: hold.itemID), encoding: .utf8)
    }

    /// The UIDs of the shadow calendar's events.
    func shadowUIDs() throws -> Set<String> {
        // No shadow folder yet is no shadow event; any other failure to read it fails the test.
        guard FileManager.default.fileExists(atPath: shadow) else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: shadow)
        return Set(try names.filter { $0.hasSuffix(".ics") }.map { name in
            let text = try String(contentsOfFile: shadow + "/" + name, encoding: .utf8)
            let line = try #require(text.split(separator: "\r\n").first { $0.hasPrefix("UID:") })
            return String(line.dropFirst(4))
        })
    }

    /// The shadow UID the store gave an item.
    func shadowUID(_ item: String) throws -> String {
        try #require(try context.database.calendarItems()[item]?.shadowUID)
    }
}

/// `20261125T060000Z`.
private func utcStamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .gmt
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
}

@Test(.removesScratchFolders) func anAutoSchedulersEveningHoldsTheWeeksLikelySessionsAsTentativeTimeWithoutAlarm() async throws {
    let week = try await HeldWeek(phase: .autoScheduler)
    try await week.runEvening()
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    let held = plan.days.filter { $0.status == "held" }
    // Three sessions a week: Tuesday's block and holds on Wednesday and Friday; next Monday starts the next training
    // week, whose first session is held too.
    #expect(held.count == 3, "\(plan.days.map(\.status))")
    #expect(plan.days.first?.status == "scheduled" || plan.days.first?.status == "proposed")
    for hold in await week.holds {
        let text = try week.file(of: hold)
        #expect(text.contains("STATUS:TENTATIVE\r\n") && text.contains("CATEGORIES:Vigor,Training,Hold\r\n"))
        #expect(text.contains("COLOR:mediumpurple\r\n") && text.contains("X-VIGOR-KIND:hold\r\n"))
        #expect(!text.contains("BEGIN:VALARM"))
        #expect(text.contains("DESCRIPTION:Held time: 45 minutes"))
        #expect(text.contains(hold.defended ? "TRANSP:OPAQUE\r\n" : "TRANSP:TRANSPARENT\r\n"))
    }
}

@Test(.removesScratchFolders) func aSchedulersWeekIsHeldOnlyAfterTheUserSaysYes() async throws {
    let week = try await HeldWeek(phase: .scheduler)
    try await week.runEvening()
    #expect(await week.holds.isEmpty)
    let plan = try await routerResult(PlanHoldMethod.self, #"{"day":"week"}"#, week.context)
    #expect(plan.days.filter { $0.status == "held" }.count == 3)
    #expect(await week.holds.count == 3)
    let released = try #require(await week.holds.first)
    let after = try await routerResult(PlanHoldMethod.self, #"{"day":"\#(released.day)","release":true}"#, week.context)
    #expect(after.days.first { $0.date == released.day.description }?.status == "likely")
    #expect(await week.holds.count == 2)
}

@Test(.removesScratchFolders) func anObserverIsToldItHoldsNoTime() async throws {
    let week = try await HeldWeek(phase: .observer)
    try await week.runEvening()
    let response = try await routerCall(PlanHoldMethod.name, #"{"day":"week"}"#, week.context)
    #expect(response.error?.code == RPCErrorCode.engineRefused.rawValue)
    #expect(response.error?.message.contains("at Observer vigord holds no time") == true)
    let unreadable = try await routerCall(PlanHoldMethod.name, #"{"day":"someday"}"#, week.context)
    #expect(unreadable.error?.code == RPCErrorCode.invalidParams.rawValue)
}

@Test(.removesScratchFolders) func aPromotionAfterTheEveningHoldsTheWeekAtOnceNotTheNextEvening() async throws {
    let week = try await HeldWeek(phase: .observer)
    try await week.runEvening()
    #expect(await week.holds.isEmpty)
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"autoScheduler"}"#, week.context)
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    // The same three holds an Auto-Scheduler's evening makes, on vigord's calendar at once.
    #expect(plan.days.filter { $0.status == "held" }.count == 3, "\(plan.days.map(\.status))")
    #expect(await week.holds.count == 3)
    for hold in await week.holds {
        #expect(try week.file(of: hold).contains("X-VIGOR-KIND:hold\r\n"))
    }
}

@Test(.removesScratchFolders) func aStepBackToObserverReleasesTheHoldsAtOnceAndTakesThemOffTheCalendar() async throws {
    let week = try await HeldWeek(phase: .autoScheduler)
    try await week.runEvening()
    let held = await week.holds
    #expect(held.count == 3)
    let files = try held.map { try calendarFile(week.context, item: $0.itemID) }
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"observer"}"#, week.context)
    #expect(await week.holds.isEmpty)
    for file in files {
        #expect(!FileManager.default.fileExists(atPath: file), "\(file)")
    }
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    #expect(!plan.days.contains { $0.status == "held" }, "\(plan.days.map(\.status))")
}

@Test(.removesScratchFolders) func theShadowHoldsOnlyBlocksAndDefendedHoldsAndAHoldTurningDefendedJoinsIt() async throws {
    // Defended a day ahead: Wednesday's, Friday's and next Monday's holds are free to others on Monday evening.
    let week = try await HeldWeek(phase: .autoScheduler, defendHours: 24)
    try await week.runEvening()
    let blocks = await week.context.ghost.current.blocks.filter { $0.status == .scheduled }
    let holds = await week.holds
    #expect(holds.count == 3 && holds.allSatisfy { !$0.defended })
    #expect(try week.shadowUIDs() == Set(try blocks.map { try week.shadowUID($0.id.rawValue) }))
    // Tuesday 08:00 Berlin: the first hold is within a day of its start.
    let first = try #require(holds.min { $0.start < $1.start })
    let tuesday = first.start.addingTimeInterval(-23 * 3600)
    try await week.replan(at: tuesday)
    #expect(await week.holds.first { $0.day == first.day }?.defended == true)
    let shadowed = try week.shadowUID(first.itemID)
    #expect(try week.shadowUIDs().contains(shadowed))
    #expect(try week.file(of: first).contains("TRANSP:OPAQUE\r\n"))
    // Released: it leaves vigord's calendar and the shadow in the same write.
    let file = try calendarFile(week.context, item: first.itemID)
    _ = try await routerResult(PlanHoldMethod.self, #"{"day":"\#(first.day)","release":true}"#, week.context)
    #expect(try !week.shadowUIDs().contains(shadowed))
    #expect(!FileManager.default.fileExists(atPath: file))
}

@Test(.removesScratchFolders) func aMeetingOnOneHoldMovesOnlyThatHoldAndRewritesOnlyItsFile() async throws {
    let week = try await HeldWeek(phase: .autoScheduler)
    try await week.runEvening()
    let holds = await week.holds
    let target = try #require(holds.first)
    let others = try holds.dropFirst().map { ($0, try week.file(of: $0)) }
    // The meeting covers the hold's hour.
    try ReplanWeek.calendar([("Design review", utcStamp(target.start), utcStamp(target.end))])
        .write(toFile: week.work, atomically: true, encoding: .utf8)
    try await week.replan(at: evening.addingTimeInterval(600))
    let moved = try #require(await week.holds.first { $0.day == target.day })
    #expect(moved.start != target.start)
    #expect(try week.file(of: moved).contains("'Design review' (work) now covers"))
    for (hold, text) in others {
        #expect(try week.file(of: hold) == text, "the hold of \(hold.day) was rewritten")
    }
}

@Test(.removesScratchFolders) func aUserDeletingAHoldFreesItsDayAndNeverCountsForTheBreaker() async throws {
    let week = try await HeldWeek(phase: .autoScheduler)
    try await week.runEvening()
    let hold = try #require(await week.holds.last)
    let breaker = await week.context.ghost.current.breaker
    try FileManager.default.removeItem(atPath: try calendarFile(week.context, item: hold.itemID))
    let changes = try await week.context.backend.learnCalendarEdits(at: evening.addingTimeInterval(60))
    #expect(changes.map(\.blockID) == [hold.itemID])
    #expect(await week.holds.contains { $0.day == hold.day } == false)
    #expect(await week.context.output.holds.book.consent.releasedDays == [hold.day])
    #expect(await week.context.ghost.current.breaker == breaker)
    #expect(await week.context.ghost.current.trust.phase == .autoScheduler)
}

@Test(.removesScratchFolders) func aPurgeTakesTheHoldsOffTheCalendarWithTheRestOfTheUsersData() async throws {
    let week = try await HeldWeek(phase: .autoScheduler)
    try await week.runEvening()
    let files = try await week.holds.map { try calendarFile(week.context, item: $0.itemID) }
    #expect(files.count == 3)
    _ = try await routerCall("data.purge", #"{"confirm":true}"#, week.context)
    #expect(await week.holds.isEmpty)
    #expect(try week.context.database.holdBook() == nil)
    #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
}

@Test(.removesScratchFolders) func aRestartedDaemonDescribesItsHoldsWithTheSettingsTheyWereDecidedWith() async throws {
    let week = try await HeldWeek(phase: .autoScheduler, defendHours: 24)
    try await week.runEvening()
    let before = await week.context.output.holds.drafts(now: evening)
    let restarted = try HoldDesk(database: week.context.database, logger: Logger(label: "test"))
    let after = await restarted.drafts(now: evening)
    #expect(after.map(\.reason) == before.map(\.reason))
    #expect(after.allSatisfy { $0.reason.contains("it turns busy 24 hours before it starts") })
}

@Test(.removesScratchFolders) func holdingADayWithNoSessionIsRefusedWithTheReasonAndHoldsNothing() async throws {
    let week = try await HeldWeek(phase: .scheduler, restDays: [1, 7])
    try await week.runEvening()
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    let rest = try #require(plan.days.first { $0.why == "restDay" }, "\(plan.days.map(\.why))")
    let response = try await routerCall(PlanHoldMethod.name, #"{"day":"\#(rest.date)"}"#, week.context)
    #expect(response.error?.code == RPCErrorCode.invalidParams.rawValue)
    #expect(response.error?.message == "Invalid params: field 'day': \(rest.date) has no likely session to hold: \(rest.reason)")
    #expect(await week.holds.isEmpty)
    #expect(await week.context.output.holds.book.consent == HoldBook().consent, "nothing was said yes to")
}

@Test(.removesScratchFolders) func holdingADayTheWeeksSessionsWentAroundIsKeptForTheNextEveningAndSaysSo() async throws {
    let week = try await HeldWeek(phase: .scheduler)
    try await week.runEvening()
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    let free = try #require(plan.days.first { $0.why == "weekFull" }, "\(plan.days.map(\.why))")
    let held = try await routerResult(PlanHoldMethod.self, #"{"day":"\#(free.date)"}"#, week.context)
    let day = try #require(held.days.first { $0.date == free.date })
    #expect(day.reason.hasPrefix("You held this day; it stays free while the week has its sessions, and the next evening plans one here if one falls out (declined or removed). This week already has its"), "\(day.reason)")
}

@Test(.removesScratchFolders) func holdingTheWholeWeekNeverPromisesASessionOnARestDay() async throws {
    let week = try await HeldWeek(phase: .scheduler, restDays: [1, 7])
    try await week.runEvening()
    let held = try await routerResult(PlanHoldMethod.self, #"{"day":"week"}"#, week.context)
    let rest = try #require(held.days.first { $0.why == "restDay" }, "\(held.days.map(\.why))")
    #expect(!rest.reason.hasPrefix("You held this day"), "\(rest.reason)")
}

@Test(.removesScratchFolders) func aDeclinedProposalLeavesThePlan() async throws {
    let week = try await HeldWeek(phase: .scheduler)
    try await week.runEvening()
    let proposal = try #require(await week.context.ghost.current.blocks.first { $0.status == .proposed })
    _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(proposal.id.rawValue)","accept":false}"#, week.context)
    let plan = try await routerResult(PlanWeekMethod.self, "{}", week.context)
    let day = try #require(plan.days.first { $0.date == proposal.day.description })
    #expect(day.status == "none")
    #expect(day.start == nil)
    #expect(day.why == "declined")
}
