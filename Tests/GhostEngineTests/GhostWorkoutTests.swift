import Foundation
import Testing
import GhostEngine

struct GhostWorkoutTests {
    private func report(_ id: String, day: Int, from: (Int, Int), to: (Int, Int), confidence: Double = 1) throws -> WorkoutReport {
        WorkoutReport(
            id: id, start: try TestTime.date(day, from.0, from.1), end: try TestTime.date(day, to.0, to.1), confidence: confidence)
    }

    @Test func workoutStartingWithinTheToleranceBeforeABlockCompletesIt() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 7))
        let effects = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (6, 40), to: (7, 5))), day: 0, hour: 9)
        #expect(effects.attributions.first?.signal == .workoutCompleted(inGhostBlock: true))
        #expect(fixture.ghost.block(id)?.status == .completed)
        #expect(fixture.ghost.workouts.map(\.completedBlock) == [id])
    }

    @Test func workoutOutsideTheToleranceIsUnplannedActivity() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 7))
        let effects = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (8, 16), to: (9, 0))), day: 0, hour: 10)
        #expect(effects.attributions.first?.signal == .workoutCompleted(inGhostBlock: false))
        #expect(fixture.ghost.block(id)?.status == .scheduled)
        #expect(fixture.ghost.unplannedWorkoutDays == [TestTime.monday])
    }

    @Test func theSameWorkoutReportedTwiceCountsOnce() throws {
        var fixture = try GhostFixture()
        let workout = try report("apple:run:1", day: 0, from: (18, 0), to: (18, 40))
        _ = try fixture.send(.workoutRecorded(workout), day: 0, hour: 19)
        #expect(try fixture.send(.workoutRecorded(workout), day: 0, hour: 20).isEmpty)
        #expect(fixture.ghost.workouts.count == 1 && fixture.ghost.unplannedWorkoutDays.count == 1)
    }

    @Test func aWorkoutShorterThanTheMinimumIsNotTraining() throws {
        var fixture = try GhostFixture()
        #expect(try fixture.send(.workoutRecorded(report("tap", day: 0, from: (18, 0), to: (18, 3))), day: 0, hour: 19).isEmpty)
        #expect(fixture.ghost.workouts.isEmpty)
    }

    private func walk(_ id: String, day: Int, from: (Int, Int), to: (Int, Int)) throws -> WorkoutReport {
        WorkoutReport(
            id: id, start: try TestTime.date(day, from.0, from.1), end: try TestTime.date(day, to.0, to.1),
            confidence: WorkoutReport.importedConfidence, source: "Apple Watch", activity: "walking")
    }

    @Test func anEightyOneMinuteWalkADeviceRecordedIsNotASession() throws {
        var fixture = try GhostFixture()
        #expect(try fixture.send(.workoutRecorded(walk("walk", day: 0, from: (17, 0), to: (18, 21))), day: 0, hour: 19).isEmpty)
        #expect(fixture.ghost.workouts.isEmpty && fixture.ghost.unplannedWorkoutDays.isEmpty)
    }

    @Test func aWalkDuringARunBlockDoesNotCompleteIt() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 7))
        #expect(try fixture.send(.workoutRecorded(walk("walk", day: 0, from: (7, 0), to: (8, 21))), day: 0, hour: 9).isEmpty)
        #expect(fixture.ghost.block(id)?.status == .scheduled)
    }

    @Test func aWalkCompletesABlockThatIsAWalk() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let candidate = BlockCandidate(start: try TestTime.date(0, 7), durationMinutes: 45, confidence: 1, kind: .walk)
        var written: BlockID?
        for case .writeBlock(let block) in try fixture.ghost.handle(.placementRequested(candidate, alternatives: []), now: TestTime.date(0, 5)) {
            written = block.id
        }
        let id = try #require(written)
        let effects = try fixture.send(.workoutRecorded(walk("walk", day: 0, from: (7, 0), to: (7, 50))), day: 0, hour: 9)
        #expect(effects.attributions.first?.signal == .workoutCompleted(inGhostBlock: true))
        #expect(fixture.ghost.block(id)?.status == .completed)
    }

    @Test func aLateReportCompletesAMissedBlockAndWithdrawsItsQuestion() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 7))
        #expect(try fixture.send(.tick, day: 0, hour: 9) == [.askTriage(id)])
        _ = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (7, 0), to: (7, 45))), day: 0, hour: 10)
        #expect(fixture.ghost.block(id)?.status == .completed)
        #expect(fixture.ghost.triage.openQuestion == nil)
    }

    @Test func undoingAWorkoutReopensItsBlockAndTakesBackItsTrust() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let before = fixture.ghost.trust.score
        _ = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (18, 0), to: (18, 45))), day: 0, hour: 17)
        let effects = try fixture.send(.workoutUndone(id: nil), day: 0, hour: 17, minute: 30)
        #expect(effects.attributions.first?.signal == .workoutRetracted(inGhostBlock: true))
        #expect(fixture.ghost.block(id)?.status == .scheduled)
        #expect(abs(fixture.ghost.trust.score - before) < 1e-9)
    }

    @Test func undoingAnUnplannedWorkoutRemovesItFromTheDay() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (12, 0), to: (12, 30))), day: 0, hour: 13)
        _ = try fixture.send(.workoutUndone(id: "w1"), day: 0, hour: 14)
        #expect(fixture.ghost.unplannedWorkoutDays.isEmpty)
        #expect(fixture.ghost.workouts.map(\.undone) == [true])
    }

    @Test func undoingTwiceSaysThereIsNothingLeft() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(report("w1", day: 0, from: (12, 0), to: (12, 30))), day: 0, hour: 13)
        _ = try fixture.send(.workoutUndone(id: nil), day: 0, hour: 14)
        #expect(throws: EngineError.noWorkoutToUndo(nil)) { try fixture.send(.workoutUndone(id: nil), day: 0, hour: 15) }
    }

    @Test func stateSavedBeforeWorkoutsExistedStillLoads() throws {
        let fixture = try GhostFixture()
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(fixture.ghost)) as? [String: Any])
        object.removeValue(forKey: "workouts")
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(Ghost.self, from: old) == fixture.ghost)
    }
}

struct AcceptedBlockDeletionTests {
    @Test func deletingAnAcceptedBlockIsALateDeclineAndNeverReachesTheBreaker() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        let effects = try fixture.place(day: 0, hour: 18)
        let id = try #require(effects.compactMap { effect -> BlockID? in
            if case .proposeBlock(let block) = effect { block.id } else { nil }
        }.first)
        _ = try fixture.send(.proposalAnswered(id, accepted: true), day: 0, hour: 6)
        let deleted = try fixture.send(.acceptedBlockDeleted(id), day: 0, hour: 7)
        #expect(deleted.attributions.map(\.signal) == [.proposalDeclined])
        #expect(fixture.ghost.block(id)?.status == .removed)
        #expect(fixture.ghost.breaker.consecutiveDeletions == 0)
        #expect(throws: EngineError.self) { try fixture.send(.acceptedBlockDeleted(id), day: 0, hour: 8) }
    }
}
