import CivilCalendar
import Foundation
import GhostEngine
import Logging
import Store
import Synchronization
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// The wall clock a cycle service reads, moved by the test.
private final class Wall: Sendable {
    private let date: Mutex<Date>
    init(_ date: Date) { self.date = Mutex(date) }
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A value the store keeps as JSON that this vigord cannot read is never skipped in silence: the week's receipt is
/// not built without it (the error names its row), and pruning keeps it for the vigord that wrote it.
@Suite(.removesScratchFolders)
struct UnreadableStoredValueTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Sunday 2026-11-29 21:30 Berlin.
    private let sunday = Date(timeIntervalSince1970: 1_795_984_200)

    /// Saves a receipt whose body is no receipt, with the engine state as it stands.
    private func plantUnreadableReceipt(id: String, at date: Date, in context: LocalAPI.Context) async throws {
        let broken = StoredReceipt(id: id, at: date, action: DecisionAction.scheduled.rawValue, body: Data(#"{"id":7}"#.utf8))
        try context.database.recordDecision(state: try StoredJSON.encode(await context.ghost.current), receipts: [broken], at: date)
    }

    @Test func aReceiptOfTheWeekThatDoesNotReadStopsTheWeeklyReceiptAndIsNamed() async throws {
        let context = try berlinContext(now: sunday)
        try await plantUnreadableReceipt(id: "broken-wednesday", at: sunday.addingTimeInterval(-4 * 86_400), in: context)
        do {
            _ = try await context.backend.runCycle(.weekly, now: sunday, zone: berlin)
            Issue.record("the weekly cycle counted a week without one of its receipts")
        } catch let error as StoreError {
            #expect(error.description.contains("table decisionReceipt, column body, row id broken-wednesday"), "\(error)")
        }
        #expect(try context.database.weeklyReceipt() == nil)
    }

    @Test(.timeLimit(.minutes(10))) func aWeeklyCatchUpStoppedByAnUnreadableReceiptLetsTheMorningRunAndIsNoStorageFailure() async throws {
        // Monday 2026-11-30 05:55 Berlin: last week's Sunday receipt is owed (vigord ran an evening that week), and one
        // of that week's receipts does not read.
        let wall = Wall(Date(timeIntervalSince1970: 1_796_014_500))
        let failures = FailureLog(logger: Logger(label: "test"))
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        let context = try makeTestContext(config: config, now: wall.now, clock: { wall.now }, failures: failures)
        let wednesday = sunday.addingTimeInterval(-4 * 86_400 - 9.5 * 3600)
        let broken = StoredReceipt(id: "broken-wednesday", at: wednesday, action: DecisionAction.scheduled.rawValue, body: Data(#"{"id":7}"#.utf8))
        try context.database.recordDecision(
            state: try StoredJSON.encode(await context.ghost.current), receipts: [broken], at: wednesday,
            cycle: CycleRun(kind: .evening, localDate: LocalDay(year: 2026, month: 11, day: 25), ranAt: wednesday, summary: "planned"))
        let clock = ManualClock()
        let step: Duration = .seconds(600)
        let service = CycleService(
            backend: context.backend, checkInterval: step, clock: clock, now: { wall.now }, notifier: SystemdNotifier(),
            failures: failures, logger: Logger(label: "test"))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        for _ in 0..<3 {
            await clock.untilSomeoneSleeps()
            wall.advance(by: 600)
            clock.advance(by: step)
        }
        await clock.untilSomeoneSleeps()
        let monday = LocalDay(year: 2026, month: 11, day: 30)
        #expect(try context.database.lastCycleRun(kind: .morning)?.localDate == monday, "the weekly catch-up's failure held the morning back")
        #expect(try context.database.weeklyReceipt() == nil)
        // The database saves: an unreadable value is not a storage episode (which would end at the next save, be counted,
        // and begin again at the next check).
        #expect(failures.storageStatus().ok && failures.storageStatus().failedEpisodes == 0)
    }

    @Test func aValueThatDoesNotReadIsTheOperationsFailureNotTheStorageEpisode() {
        let failures = FailureLog(logger: Logger(label: "test"))
        failures.failed("the daily cycles", error: StoreError.unreadableValue(
            what: "a decision receipt", table: "decisionReceipt", column: "body", row: "id r7", detail: "no value for \"id\""))
        #expect(failures.storageStatus().ok, "the database saves; saying it cannot is untrue")
        failures.failed("the daily cycles", error: StoreError.failed(operation: "save the cycle", detail: "database or disk is full"))
        #expect(!failures.storageStatus().ok, "a write the database refused is the storage episode's")
    }

    @Test func pruningKeepsAnOldReceiptThatDoesNotReadAndPrunesTheOthers() async throws {
        let context = try berlinContext(now: sunday)
        let old = sunday.addingTimeInterval(-120 * 86_400)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: old)
        let readable = try #require(try context.database.receipts(before: sunday).first?.id)
        try await plantUnreadableReceipt(id: "broken-old", at: old, in: context)
        let monday = sunday.addingTimeInterval(9.5 * 3600)
        #expect(try await context.backend.runCycle(.morning, now: monday, zone: berlin).ran)
        #expect(try context.database.receipts(before: monday).map(\.id) == ["broken-old"], "\(readable) is pruned")
    }
}
