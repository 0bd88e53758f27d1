import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import Synchronization
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

/// `checkin.record` and `recovery.history`: a self-report stored per morning, read by the morning cycle, and the
/// recovery scores kept with their formula and inputs.
@Suite(.removesScratchFolders)
struct CheckInTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// The same daemon parts with the clock at `now`.
    private func at(_ context: LocalAPI.Context, _ now: Date) -> LocalAPI.Context {
        var moved = context
        moved.now = { now }
        return moved
    }

    @Test func aCheckInIsStoredForTheMorningAndASecondOneReplacesIt() async throws {
        let context = try berlinContext(now: try instant("2026-11-24T06:40:00Z"))
        let first = try await routerResult(CheckInMethod.self, #"{"slept":6.5,"felt":"tired"}"#, context)
        #expect(first.date == "2026-11-24" && first.sleptMinutes == 390 && first.felt == .tired && !first.replaced)
        let second = try await routerResult(CheckInMethod.self, #"{"felt":"ok"}"#, context)
        #expect(second.replaced && second.checkInsLast14Days == 1)
        let stored = try context.database.checkIns(from: LocalDay(year: 2026, month: 11, day: 24), through: LocalDay(year: 2026, month: 11, day: 24))
        #expect(stored == [CheckIn(localDate: LocalDay(year: 2026, month: 11, day: 24), sleptMinutes: nil, felt: .ok, recordedAt: try instant("2026-11-24T06:40:00Z"))])
    }

    @Test(arguments: [#"{}"#, #"{"slept":17}"#, #"{"slept":-1}"#, #"{"felt":"great"}"#])
    func aCheckInWithoutAnswersOrWithImpossibleOnesIsRefused(params: String) async throws {
        let context = try berlinContext(now: try instant("2026-11-24T06:40:00Z"))
        let response = try await routerCall(CheckInMethod.name, params, context)
        #expect(response.error?.code == -32602)
        #expect(try context.database.checkIns(from: LocalDay(year: 2026, month: 1, day: 1), through: LocalDay(year: 2026, month: 12, day: 31)).isEmpty)
    }

    @Test func aFeelingOutsideTheWordsIsRefusedByTheDecoderWithTheWordsItTakes() async throws {
        let context = try berlinContext(now: try instant("2026-11-24T06:40:00Z"))
        let response = try await routerCall(CheckInMethod.name, #"{"slept":7,"felt":"great"}"#, context)
        #expect(response.error?.message == "Invalid params: field 'felt': must be one of tired, ok, good; got 'great'")
    }

    @Test func checkInsRaiseTheHealthConfidenceOfAUserWithoutAWearable() async throws {
        let first = try instant("2026-11-10T06:00:00Z")
        let context = try berlinContext(now: first)
        _ = try await context.backend.runCycle(.morning, now: first, zone: berlin)
        for day in 0..<14 {
            let morning = first.addingTimeInterval(Double(day) * 86_400)
            _ = try await routerResult(CheckInMethod.self, #"{"slept":7,"felt":"good"}"#, at(context, morning.addingTimeInterval(-1800)))
            _ = try await context.backend.runCycle(.morning, now: morning.addingTimeInterval(86_400), zone: berlin)
        }
        let ghost = await context.ghost.current
        #expect(ghost.health.daysOfData == 14)
        #expect(ghost.health.phase == .adaptation)
        #expect(ghost.healthConfidence >= 0.5)
    }

    @Test func theMorningScoresRecoveryFromReportedSleepAndKeepsTheScore() async throws {
        let context = try berlinContext(now: try instant("2026-11-20T06:00:00Z"))
        for (offset, hours) in [7.5, 7.5, 7.5, 6.0].enumerated() {
            let morning = try instant("2026-11-21T06:00:00Z").addingTimeInterval(Double(offset) * 86_400)
            _ = try context.database.saveCheckIn(
                CheckIn(localDate: LocalCalendar(timeZone: berlin).day(of: morning),
                        sleptMinutes: Int(hours * 60), felt: .ok, recordedAt: morning))
        }
        let morning = try instant("2026-11-24T06:30:00Z")
        let outcome = try await context.backend.runCycle(.morning, now: morning, zone: berlin)
        #expect(outcome.summary.contains("recovery 80/100 from sleep"))
        let history = try await routerResult(RecoveryHistoryMethod.self, #"{"days":3}"#, at(context, morning))
        let today = try #require(history.days.first)
        #expect(history.formula == "vigor-recovery@1")
        #expect(today.date == "2026-11-24" && today.formula == "vigor-recovery@1" && today.earlier.isEmpty)
        #expect(abs(today.score - 80) < 1e-9)
        #expect(today.inputs.first { $0.name == "sleepMinutes" }?.source == "check-in:sleep:reported")
        #expect(today.dataAgeSeconds == 1800 && today.freshness == "slightlyStale")
    }

    @Test func aNewFormulaVersionScoresStoredDaysAgainAndKeepsTheOldScore() async throws {
        let context = try berlinContext(now: try instant("2026-11-20T06:00:00Z"))
        for offset in 0..<4 {
            let morning = try instant("2026-11-21T06:00:00Z").addingTimeInterval(Double(offset) * 86_400)
            _ = try context.database.saveCheckIn(
                CheckIn(localDate: LocalCalendar(timeZone: berlin).day(of: morning),
                        sleptMinutes: offset == 3 ? 360 : 450, felt: nil, recordedAt: morning))
        }
        let morning = try instant("2026-11-24T06:30:00Z")
        _ = try await context.backend.runCycle(.morning, now: morning, zone: berlin)
        var formula = RecoveryFormula.standard
        formula.version = 2
        formula.sleepWeight = 0.5
        let scores = RecoveryScores(database: context.database, formula: formula)
        let today = LocalCalendar(timeZone: berlin).day(of: morning)
        let backfilled = try scores.backfill(endingOn: today)
        #expect(backfilled.days == 1)
        for score in backfilled.scores { _ = try context.database.recordRecovery(try RecoveryScores.record(score, at: morning)) }
        #expect(try scores.backfill(endingOn: today).days == 0)
        let audit = try scores.history(endingOn: today, days: 1).audit(of: today)
        #expect(audit.map(\.formula.version) == [1, 2])
        #expect(try scores.history(endingOn: today, days: 1).current(on: today)?.formula.version == 2)
    }

    @Test func aLateCheckInAndTheBlockItRemovesAreSavedInOneTransaction() async throws {
        let (context, block) = try await aFullGhostsMorningWithABlockTonight()
        let today = LocalCalendar(timeZone: berlin).day(of: try instant("2026-11-24T06:30:00Z"))
        let inboxBefore = try context.database.exportAll().inbox?.updatedAt
        let saved = Mutex<[String]>([])
        context.database.writes.observe { outcome in saved.withLock { $0.append("\(outcome)") } }
        _ = try await context.backend.checkIn(sleptMinutes: 240, felt: nil, at: try instant("2026-11-24T06:30:00Z"))
        context.database.writes.observe { _ in }
        // The followers write in transactions of their own: vigord's calendar lets go of the removed block (its items'
        // identities), and the notification inbox changes when what the Ghost says did.
        let inbox = try context.database.exportAll().inbox?.updatedAt == inboxBefore ? 0 : 1
        #expect(saved.withLock { $0 }.count == 1 + 1 + inbox, "\(saved.withLock { $0 })")
        #expect(try context.database.checkIns(from: today, through: today).count == 1)
        #expect(await context.ghost.current.block(block)?.status == .removed)
    }

    @Test func aReportedShortNightAfterTheMorningCycleStillChangesTheBlocksAhead() async throws {
        let (context, block) = try await aFullGhostsMorningWithABlockTonight()
        #expect(await context.ghost.current.block(block)?.status == .scheduled)
        _ = try await routerResult(CheckInMethod.self, #"{"slept":4}"#, at(context, try instant("2026-11-24T06:30:00Z")))
        #expect(await context.ghost.current.block(block)?.status == .removed)
    }

    /// A full Ghost whose morning cycle ran on Tuesday 2026-11-24, with a block at 18:00 Berlin that evening.
    private func aFullGhostsMorningWithABlockTonight() async throws -> (LocalAPI.Context, BlockID) {
        let monday = try instant("2026-11-23T20:00:00Z")
        let context = try berlinContext(now: monday)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .fullGhost), at: monday)
        var rules = await context.ghost.current.rules
        rules.health.baselineConfidenceBase = 1
        _ = try await context.ghost.adopt(rules: rules, at: monday)
        let candidate = BlockCandidate(start: try instant("2026-11-24T17:00:00Z"), durationMinutes: 45, confidence: 1)
        let effects = try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: monday)
        let block = try #require(effects.compactMap { if case .writeBlock(let block) = $0 { block.id } else { nil } }.first)
        _ = try await context.backend.runCycle(.morning, now: try instant("2026-11-24T05:00:00Z"), zone: berlin)
        return (context, block)
    }
}
