import Foundation
import GhostEngine
import Testing

/// The Observer's week counts the history vigord can read at once, not only the days since install.
struct ObservationHistoryTests {
    /// Closes each day from the install day to the day before `morning`, each at 06:00 of the next day, with no
    /// health data and no workouts; returns the phase changes.
    func closeDaysUntil(_ morning: Int, _ fixture: inout GhostFixture) throws -> [PhaseChange] {
        var changes: [PhaseChange] = []
        for offset in 1...morning {
            changes += try fixture.send(.dayClosed(TestTime.monday.adding(days: offset - 1), signalCoverage: 0), day: offset, hour: 6)
                .phaseChanges
        }
        return changes
    }

    @Test func withNoHistoryTheObserverBecomesASchedulerOnDayEightWithoutAnyWorkout() throws {
        var fixture = try GhostFixture()
        #expect(try closeDaysUntil(6, &fixture).isEmpty)
        #expect(fixture.ghost.trust.phase == .observer)
        let changes = try closeDaysUntil(7, &fixture)
        #expect(changes.map(\.to) == [.scheduler])
        #expect(changes.first?.cause == .advanced)
        #expect(fixture.ghost.trust.score == 0)
        #expect(fixture.ghost.trust.phaseEnteredOn == TestTime.monday.adding(days: 7))
    }

    @Test func ninetyDaysOfReadableHistoryMakeASchedulerAtOnce() throws {
        var fixture = try GhostFixture()
        let effects = try fixture.send(.historyRead(days: 90), day: 0, hour: 20)
        #expect(fixture.ghost.trust.phase == .scheduler)
        #expect(effects.phaseChanges.map(\.from) == [.observer])
        let receipt = try #require(effects.receipts.first)
        #expect(receipt.reason.contains("90 days of your calendars and health data"))
        #expect(receipt.inputs.contains(ReceiptInput("readableHistoryDays", "90")))
    }

    @Test func fourWeeksOfHistoryAreEnoughButSixDaysAreNot() throws {
        var four = try GhostFixture()
        _ = try four.send(.historyRead(days: 28), day: 0, hour: 20)
        #expect(four.ghost.trust.phase == .scheduler)
        var six = try GhostFixture()
        _ = try six.send(.historyRead(days: 6), day: 0, hour: 20)
        #expect(six.ghost.trust.phase == .observer)
    }

    @Test func historyAndDaysWatchedAreNotAddedTogether() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.historyRead(days: 4), day: 0, hour: 20)
        #expect(try closeDaysUntil(4, &fixture).isEmpty)
        #expect(fixture.ghost.trust.observedDays(by: TestTime.monday.adding(days: 4)) == 4)
        _ = try fixture.send(.historyRead(days: 7), day: 4, hour: 20)
        #expect(fixture.ghost.trust.phase == .scheduler)
    }

    @Test func historyDoesNotMoveAPhaseAboveObserverNorAPinnedObserver() throws {
        var scheduler = try GhostFixture(phase: .scheduler)
        _ = try scheduler.send(.releaseManualPin, day: 0, hour: 1)
        #expect(try scheduler.send(.historyRead(days: 90), day: 0, hour: 20).phaseChanges.isEmpty)
        #expect(scheduler.ghost.trust.phase == .scheduler)
        var pinned = try GhostFixture(phase: .observer)
        #expect(try pinned.send(.historyRead(days: 90), day: 0, hour: 20).phaseChanges.isEmpty)
        #expect(pinned.ghost.trust.phase == .observer)
    }

    @Test func negativeHistoryIsRefusedAndChangesNothing() throws {
        var fixture = try GhostFixture()
        #expect(throws: EngineError.self) { try fixture.send(.historyRead(days: -1), day: 0, hour: 20) }
        #expect(fixture.ghost.trust.readableHistoryDays == 0)
    }

    @Test func aLadderSavedBeforeHistoryWasCountedReadsAsNone() throws {
        let saved = #"{"phase":"observer","score":0.01,"phaseEnteredOn":{"year":2026,"month":3,"day":2},"pinnedByUser":false}"#
        let ladder = try JSONDecoder().decode(TrustLadder.self, from: Data(saved.utf8))
        #expect(ladder.readableHistoryDays == 0)
        let again = try JSONDecoder().decode(TrustLadder.self, from: JSONEncoder().encode(ladder))
        #expect(again == ladder)
    }
}
