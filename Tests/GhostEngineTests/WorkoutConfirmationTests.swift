import CivilCalendar
import Foundation
import Testing

@testable import GhostEngine

/// A workout that arrives without a command (an import from a device or app) is confirmed in one message, the seed's
/// "45 min logged." with Correct / Wrong; Wrong is `vigorctl log --undo` for that workout. It ranks last for the
/// day's one notification.
struct WorkoutConfirmationTests {
    private func run(day: Int, hour: Int, minutes: Int = 45, source: String? = "garmin", id: String = "sample:1") throws -> WorkoutReport {
        let start = try TestTime.date(day, hour)
        return WorkoutReport(
            id: id, start: start, end: start.addingTimeInterval(TimeInterval(minutes * 60)), confidence: 0.9, source: source,
            activity: "running")
    }

    private func confirmations(_ fixture: GhostFixture, day: Int, hour: Int) throws -> [GhostMessage] {
        GhostMessages.pending(ghost: fixture.ghost, now: try TestTime.date(day, hour), breakerFiredAt: nil)
            .filter { $0.kind == .workoutLogged }
    }

    @Test func anImportedRunThatCompletesABlockIsConfirmedWithCorrectAndWrong() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let block = try #require(try fixture.autoBlock(day: 1, hour: 7))
        try fixture.send(.workoutRecorded(try run(day: 1, hour: 7)), day: 1, hour: 9)
        let message = try #require(try confirmations(fixture, day: 1, hour: 9).first)
        #expect(message.title == "45 min run logged.")
        #expect(message.body == "From garmin: it completes your Tue 07:00 block.")
        #expect(message.actions.map(\.label) == ["Correct", "Wrong"])
        #expect(message.actions.map(\.command) == ["vigorctl log --confirm --workout sample:1", "vigorctl log --undo --workout sample:1"])
        #expect(message.block == block)
        #expect(message.answer(to: "wrong") == .workout(id: "sample:1", correct: false))
        #expect(message.answer(to: "correct") == .workout(id: "sample:1", correct: true))
    }

    @Test func correctSettlesTheQuestionAndWrongTakesTheWorkoutBack() throws {
        var confirming = try GhostFixture(phase: .autoScheduler)
        let block = try #require(try confirming.autoBlock(day: 1, hour: 7))
        try confirming.send(.workoutRecorded(try run(day: 1, hour: 7)), day: 1, hour: 9)
        try confirming.send(.workoutConfirmed(id: "sample:1"), day: 1, hour: 10)
        #expect(try confirmations(confirming, day: 1, hour: 10).isEmpty)
        #expect(confirming.ghost.block(block)?.status == .completed)
        #expect(throws: EngineError.noWorkoutToConfirm("sample:9")) { try confirming.send(.workoutConfirmed(id: "sample:9"), day: 1, hour: 10) }

        var undoing = try GhostFixture(phase: .autoScheduler)
        let other = try #require(try undoing.autoBlock(day: 1, hour: 7))
        try undoing.send(.workoutRecorded(try run(day: 1, hour: 7)), day: 1, hour: 9)
        try undoing.send(.workoutUndone(id: "sample:1"), day: 1, hour: 10)
        #expect(try confirmations(undoing, day: 1, hour: 10).isEmpty)
        #expect(undoing.ghost.block(other)?.status == .scheduled)
    }

    @Test func aWorkoutOfYourOwnIsConfirmedTooAndAnOldOneOrAHandLogIsNot() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        try fixture.send(.workoutRecorded(try run(day: 2, hour: 18, minutes: 30)), day: 2, hour: 19)
        #expect(try confirmations(fixture, day: 2, hour: 19).map(\.body) == ["From garmin: it counts as training on your own."])
        // A day after it ended, it is not asked about any more.
        #expect(try confirmations(fixture, day: 3, hour: 19).isEmpty)

        var logged = try GhostFixture(phase: .autoScheduler)
        try logged.send(.workoutRecorded(try run(day: 2, hour: 18, source: nil, id: "log:1")), day: 2, hour: 19)
        #expect(try confirmations(logged, day: 2, hour: 19).isEmpty, "vigorctl log is a command: nothing to confirm")
        // The device's record of the same run, richer, now counts; the user said it already.
        try logged.send(.workoutRecorded(try run(day: 2, hour: 18, id: "sample:2")), day: 2, hour: 20)
        #expect(logged.ghost.workouts.contains { $0.id == "sample:2" && $0.counts })
        #expect(try confirmations(logged, day: 2, hour: 20).isEmpty)
    }

    @Test func anImportOfTwoRunsAsksAboutTheLastOnlyAlsoAfterAWrong() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        try fixture.send(.workoutRecorded(try run(day: 2, hour: 7, minutes: 30, id: "sample:1")), day: 2, hour: 19)
        try fixture.send(.workoutRecorded(try run(day: 2, hour: 17, minutes: 50, id: "sample:2")), day: 2, hour: 19)
        #expect(try confirmations(fixture, day: 2, hour: 19).map(\.title) == ["50 min run logged."])
        try fixture.send(.workoutUndone(id: "sample:2"), day: 2, hour: 20)
        #expect(try confirmations(fixture, day: 2, hour: 20).isEmpty)
    }

    @Test func theConfirmationRanksLastForTheDaysOneNotification() {
        #expect(GhostMessage.Kind.allCases.last == .workoutLogged)
        let proposal = GhostMessage(key: "proposal:b2:1", kind: .proposal, title: "Tue 07:00 workout?", body: "45 minutes.")
        let logged = GhostMessage(key: "workout:sample:1", kind: .workoutLogged, title: "45 min run logged.", body: "From garmin.")
        let situation = NotificationOrchestrator.Situation(  // Monday 2026-03-02 10:00 in Berlin
            now: Date(timeIntervalSince1970: 1_772_442_000), calendar: LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!),
            rules: NotificationRules())
        let (ledger, effects) = NotificationOrchestrator.decide(
            NotificationLedger(), pending: [proposal, logged], situation: situation, rules: NotificationRules())
        #expect(effects == [.deliver(proposal, alsoWaiting: 1)])
        #expect(ledger.entry(logged.key)?.reason == "held back: today's notification went to a proposal")
    }
}
