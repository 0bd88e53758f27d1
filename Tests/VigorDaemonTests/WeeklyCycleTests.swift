import CivilCalendar
import Foundation
import GhostEngine
import Store
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

/// The weekly cycle and the two methods that read what it and the health history say.
@Suite(.removesScratchFolders)
struct WeeklyCycleTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Sunday 2026-11-29 21:30 Berlin.
    private let sunday = Date(timeIntervalSince1970: 1_795_984_200)

    private func context(now: Date) throws -> LocalAPI.Context {
        try berlinContext(now: now)
    }

    private func call<M: RPCMethod>(_ method: M.Type, _ params: String, _ context: LocalAPI.Context) async throws -> M.Result {
        try await routerResult(method, params, context)
    }

    @Test func theWeeklyCycleSavesTheWeeksReceiptOnceAndWeeklyReceiptReadsIt() async throws {
        let context = try context(now: sunday)
        #expect(try await call(WeeklyReceiptMethod.self, "{}", context).receipt == nil)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: sunday.addingTimeInterval(-6 * 86_400))
        let tuesdayMorning = sunday.addingTimeInterval(-5 * 86_400 - 14.5 * 3600)  // Tuesday 07:00 Berlin
        _ = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: tuesdayMorning, durationMinutes: 45, confidence: 1), alternatives: []),
            at: tuesdayMorning.addingTimeInterval(-12 * 3600))
        _ = try await context.ghost.perform(.workoutDetected(at: tuesdayMorning.addingTimeInterval(600), confidence: 1), at: tuesdayMorning.addingTimeInterval(3600))
        let outcome = try await context.backend.runCycle(.weekly, now: sunday, zone: berlin)
        // One session done of the three asked (the default): a week to build on, not "On track".
        #expect(outcome.ran && outcome.summary.hasPrefix("week of 2026-11-23: A week to build on  ·●·····"), "\(outcome.summary)")
        #expect(try await !context.backend.runCycle(.weekly, now: sunday.addingTimeInterval(600), zone: berlin).ran)
        let receipt = try #require(try await call(WeeklyReceiptMethod.self, "{}", context).receipt)
        #expect(receipt.weekStart == "2026-11-23" && receipt.completed == 1 && receipt.planningMinutesSaved == 10)
    }

    @Test func aWeeklyCycleMissedOnSundayRunsLateForTheWeekThatEnded() async throws {
        // Sunday passed without vigord; Monday 07:00 Berlin it catches up the week of 2026-11-23.
        let monday = sunday.addingTimeInterval(9.5 * 3600)
        let context = try context(now: monday)
        let saturdayMorning = sunday.addingTimeInterval(-1.5 * 86_400)
        #expect(try await context.backend.runCycle(.morning, now: saturdayMorning, zone: berlin).ran)
        let late = try await context.backend.runCycle(.weekly, now: monday, zone: berlin)
        #expect(late.ran && late.localDate.description == "2026-11-29" && late.summary.hasPrefix("week of 2026-11-23:"), "\(late)")
        #expect(try await call(WeeklyReceiptMethod.self, "{}", context).receipt?.weekStart == "2026-11-23")
        // The timer, started late too, finds nothing due: the week that ended stays the newest receipt.
        let timer = try await call(CycleRunMethod.self, #"{"kind":"weekly","ifDue":true}"#, context)
        #expect(!timer.ran && timer.summary == "not due now", "\(timer)")
        // Asked for by hand once Sunday is covered: the week so far.
        let byHand = try await context.backend.runCycle(.weekly, now: monday.addingTimeInterval(3600), zone: berlin)
        #expect(byHand.ran && byHand.localDate.description == "2026-11-30" && byHand.summary.hasPrefix("week of 2026-11-30:"), "\(byHand)")
    }

    @Test func absolutionNeedsAWeekOfHealthDataAndThenTellsTheSleepDebt() async throws {
        let context = try context(now: sunday)
        let early = try await call(AbsolutionMethod.self, #"{"days":14}"#, context)
        #expect(early.absolution == nil && early.reason?.contains("fewer than 7") == true)
        let nights = (1...14).map { back -> HealthSample in
            let end = sunday.addingTimeInterval(-Double(back) * 86_400 - 14.5 * 3600)  // 07:00 Berlin
            return HealthSample(kind: .sleep, source: "Watch", start: end.addingTimeInterval(-360 * 60), end: end, value: 360, detail: "core")
        }
        _ = try context.database.insertHealthSamples(nights)
        let result = try await call(AbsolutionMethod.self, #"{"days":14}"#, context)
        let absolution = try #require(result.absolution)
        #expect(absolution.findings.map(\.pattern).contains("sleepDebt"))
        #expect(absolution.headline == "It wasn't your fault.")
        #expect(absolution.text.contains("On days you skipped training, your sleep averaged 6.0 hours."), "\(absolution.text)")
    }

    @Test func absolutionDaysOutsideSevenToNinetyAreInvalid() async throws {
        #expect(try await routerCall("absolution.read", #"{"days":3}"#, try context(now: sunday)).error?.code == -32602)
    }
}
