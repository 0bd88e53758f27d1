import Foundation
import GhostEngine
import Store
import Synchronization
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

/// The evening's forecast of the week ahead (`plan.week`, `status`) and the receipt of a day left without a block.
@Suite(.removesScratchFolders)
struct WeekForecastTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    private func schedulerContext(now: Date) async throws -> LocalAPI.Context {
        let context = try berlinContext(now: now)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
        return context
    }

    @Test func anObserversEveningSavesItsForecastWithItsMarkInOneTransaction() async throws {
        let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin
        let context = try berlinContext(now: now)
        // vigord's calendar written once, as at start: after it, a write is owed only when what it shows changes.
        try await context.backend.publish(at: now)
        let inboxBefore = try context.database.exportAll().inbox?.updatedAt
        let saved = Mutex<Int>(0)
        context.database.writes.observe { outcome in if outcome == .saved { saved.withLock { $0 += 1 } } }
        let outcome = try await context.backend.runCycle(.evening, now: now, zone: berlin)
        context.database.writes.observe { _ in }
        #expect(outcome.ran)
        #expect(try context.database.weekForecast()?.madeAt == now)
        #expect(try context.database.cycleRuns(onOrAfter: .init(year: 2026, month: 11, day: 23)).map(\.kind) == [.evening])
        // An Observer's evening places nothing, so vigord's calendar has nothing to write; the notification inbox follows
        // in a transaction of its own when what the Ghost says changed.
        let inbox = try context.database.exportAll().inbox?.updatedAt == inboxBefore ? 0 : 1
        #expect(saved.withLock { $0 } == 1 + inbox)
    }

    @Test func theEveningForecastsTheWeekWithLikelyDaysAndWhyTheOthersHaveNone() async throws {
        let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin
        let context = try await schedulerContext(now: now)
        _ = try await context.backend.runCycle(.evening, now: now, zone: berlin)
        let week = try await routerResult(PlanWeekMethod.self, "{}", context)
        #expect(week.madeAt?.description == "2026-11-23T21:00:00+01:00")
        #expect(week.days.map(\.date) == (24...30).map { "2026-11-\($0)" })
        #expect(week.days.first?.status == "proposed")
        // Three sessions this training week, tomorrow's included (Tuesday, Wednesday, Friday), and next Monday, the first
        // of next week's three.
        #expect(week.days.filter { $0.status == "likely" }.map(\.date) == ["2026-11-25", "2026-11-27", "2026-11-30"])
        let empty = week.days.filter { $0.status == "none" }
        #expect(empty.count == 3 && empty.allSatisfy { $0.why == "weekFull" && $0.start == nil })
        let likely = try #require(week.days.first { $0.status == "likely" })
        #expect(likely.reason.hasPrefix("free at 07:00; in your preferred window") && likely.reason.contains(" chance you skip it"), "\(likely.reason)")
        #expect(!likely.reason.contains("score"), "the reason says why in words, not the score")
        let status = try RPCCoding.decode(DaemonStatus.self, from: try #require(try await routerCall("status", "{}", context).result))
        #expect(status.plan.week == week.days)
    }

    @Test func noBlockTomorrowOnATravelDayIsExplainedByAReceipt() async throws {
        let now = try instant("2026-11-23T20:00:00Z")
        let context = try await schedulerContext(now: now)
        _ = try await routerCall("travel.set", #"{"from":"2026-11-24","to":"2026-11-24"}"#, context)
        let outcome = try await context.backend.runCycle(.evening, now: now, zone: berlin)
        #expect(outcome.summary.contains("no block tomorrow: You are travelling that day"))
        let receipt = try #require(try context.database.latestReceipt(action: DecisionAction.notPlaced.rawValue))
        let body = try JSONDecoder().decode(DecisionReceipt.self, from: receipt.body)
        #expect(body.inputs.contains(ReceiptInput("day", "2026-11-24")) && body.inputs.contains(ReceiptInput("why", "travel")))
        let week = try await routerResult(PlanWeekMethod.self, "{}", context)
        #expect(week.days.first?.status == "none" && week.days.first?.why == "travel")
    }

    @Test func duringRecoveryTimeTomorrowIsEmptyWithItsReason() async throws {
        let now = try instant("2026-11-23T20:00:00Z")
        let context = try await schedulerContext(now: now)
        _ = try await routerCall("emergency.activate", #"{"minutes":240}"#, context)  // until 01:00 Berlin tomorrow
        let outcome = try await context.backend.runCycle(.evening, now: now, zone: berlin)
        #expect(outcome.summary.contains("recovery time runs into tomorrow"))
        let receipt = try #require(try context.database.latestReceipt(action: DecisionAction.notPlaced.rawValue))
        #expect(try JSONDecoder().decode(DecisionReceipt.self, from: receipt.body).inputs.contains(ReceiptInput("why", "recoveryTime")))
        #expect(try await routerResult(PlanWeekMethod.self, "{}", context).days.map(\.why) == ["recoveryTime"])
    }

    @Test func beforeTheFirstEveningThereIsNoForecast() async throws {
        let context = try berlinContext(now: try instant("2026-11-23T10:00:00Z"))
        let week = try await routerResult(PlanWeekMethod.self, "{}", context)
        #expect(week.madeAt == nil && week.days.isEmpty)
    }
}
