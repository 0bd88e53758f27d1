import Foundation
import Testing
import GhostEngine

/// A workout logged by hand and recorded by a device is one workout.
struct GhostWorkoutMergeTests {
    private func logged(_ day: Int, from: (Int, Int), to: (Int, Int)) throws -> WorkoutReport {
        let start = try TestTime.date(day, from.0, from.1)
        return WorkoutReport(id: "log:\(Int(start.timeIntervalSince1970))", start: start, end: try TestTime.date(day, to.0, to.1), confidence: 1)
    }

    private func imported(
        _ id: String, _ day: Int, from: (Int, Int), to: (Int, Int), source: String = "Apple Watch", activity: String? = "running",
        energy: Double? = 420
    ) throws -> WorkoutReport {
        WorkoutReport(
            id: id, start: try TestTime.date(day, from.0, from.1), end: try TestTime.date(day, to.0, to.1), confidence: 0.9,
            source: source, activity: activity, energyKilocalories: energy)
    }

    private func rulesWithRoom() -> EngineRules {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        return rules
    }

    @Test func aHandLogThenTheImportOfTheSameRunCompletesTheBlockOnceAndEarnsTrustOnce() throws {
        var fixture = try GhostFixture(rules: rulesWithRoom(), phase: .autoScheduler)
        let block = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let log = try logged(0, from: (18, 5), to: (18, 50))
        _ = try fixture.send(.workoutRecorded(log), day: 0, hour: 19)
        let afterLog = fixture.ghost.trust.score
        let effects = try fixture.send(.workoutRecorded(imported("sample:7", 0, from: (18, 2), to: (18, 41))), day: 0, hour: 22)
        #expect(effects.isEmpty, "no second trust signal, no receipt")
        #expect(fixture.ghost.trust.score == afterLog)
        #expect(fixture.ghost.block(block)?.status == .completed)
        #expect(fixture.ghost.unplannedWorkoutDays.isEmpty)
        let counting = fixture.ghost.workouts.filter(\.counts)
        #expect(counting.map(\.id) == ["sample:7"], "the measured record is the richer one")
        #expect(counting.first?.completedBlock == block && counting.first?.activity == "running")
        #expect(fixture.ghost.workouts.first { $0.id == log.id }?.countedAs == "sample:7")
    }

    @Test func anImportThenAHandLogOfTheSameWorkoutKeepsTheImportAndCountsNothingMore() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(imported("sample:3", 0, from: (12, 0), to: (12, 40))), day: 0, hour: 13)
        // Logged 20 minutes after the watch stopped: the hand log's times are a guess, within the tolerance.
        _ = try fixture.send(.workoutRecorded(logged(0, from: (12, 15), to: (13, 0))), day: 0, hour: 13)
        #expect(fixture.ghost.unplannedWorkoutDays == [TestTime.monday])
        #expect(fixture.ghost.workouts.filter(\.counts).map(\.id) == ["sample:3"])
    }

    @Test func differentActivitiesAtTheSameTimeAreTwoWorkouts() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(imported("sample:1", 0, from: (7, 0), to: (7, 30), activity: "running")), day: 0, hour: 9)
        _ = try fixture.send(
            .workoutRecorded(imported("sample:2", 0, from: (7, 20), to: (7, 50), source: "Garmin", activity: "yoga")), day: 0, hour: 9)
        #expect(fixture.ghost.workouts.filter(\.counts).count == 2)
        #expect(fixture.ghost.unplannedWorkoutDays.count == 2)
    }

    @Test func twoRecordsOfOneDeviceAndTwoHandLogsAreTwoWorkoutsEach() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(imported("sample:1", 0, from: (7, 0), to: (7, 30))), day: 0, hour: 9)
        _ = try fixture.send(.workoutRecorded(imported("sample:2", 0, from: (7, 25), to: (7, 55))), day: 0, hour: 9)
        _ = try fixture.send(.workoutRecorded(logged(1, from: (7, 0), to: (7, 30))), day: 1, hour: 9)
        _ = try fixture.send(.workoutRecorded(logged(1, from: (7, 10), to: (7, 40))), day: 1, hour: 9)
        #expect(fixture.ghost.workouts.filter(\.counts).count == 4)
    }

    @Test func twoDevicesRecordingOneRunCountItOnceAndKeepTheRicherRecord() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(imported("sample:1", 0, from: (7, 0), to: (7, 30), activity: nil, energy: nil)), day: 0, hour: 9)
        _ = try fixture.send(.workoutRecorded(imported("sample:2", 0, from: (7, 1), to: (7, 31), source: "Garmin")), day: 0, hour: 9)
        #expect(fixture.ghost.workouts.filter(\.counts).map(\.id) == ["sample:2"])
        #expect(fixture.ghost.unplannedWorkoutDays.count == 1)
        // Measured records must really overlap: the tolerance is for the guesses of a hand log.
        _ = try fixture.send(.workoutRecorded(imported("sample:3", 0, from: (7, 45), to: (8, 15), source: "Polar")), day: 0, hour: 9)
        #expect(fixture.ghost.workouts.filter(\.counts).count == 2)
    }

    @Test func undoAfterTheImportTakesBackOnlyTheHandLogAndTheImportedWorkoutStays() throws {
        var fixture = try GhostFixture(rules: rulesWithRoom(), phase: .autoScheduler)
        let block = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let log = try logged(0, from: (18, 0), to: (18, 45))
        _ = try fixture.send(.workoutRecorded(log), day: 0, hour: 19)
        _ = try fixture.send(.workoutRecorded(imported("sample:7", 0, from: (18, 2), to: (18, 41))), day: 0, hour: 22)
        let score = fixture.ghost.trust.score
        #expect(fixture.ghost.workoutToUndo(nil)?.id == log.id)
        let effects = try fixture.send(.workoutUndone(id: nil), day: 0, hour: 22, minute: 30)
        #expect(effects.isEmpty)
        #expect(fixture.ghost.trust.score == score)
        #expect(fixture.ghost.block(block)?.status == .completed)
        #expect(fixture.ghost.workouts.filter(\.counts).map(\.id) == ["sample:7"])
        #expect(fixture.ghost.workouts.first { $0.id == log.id }?.undone == true)
    }

    @Test func undoingTheImportedWorkoutItselfReopensTheBlockAndTakesItsHandLogWithIt() throws {
        var fixture = try GhostFixture(rules: rulesWithRoom(), phase: .autoScheduler)
        let block = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let before = fixture.ghost.trust.score
        _ = try fixture.send(.workoutRecorded(logged(0, from: (18, 0), to: (18, 45))), day: 0, hour: 19)
        _ = try fixture.send(.workoutRecorded(imported("sample:7", 0, from: (18, 2), to: (18, 41))), day: 0, hour: 22)
        let effects = try fixture.send(.workoutUndone(id: "sample:7"), day: 0, hour: 22, minute: 30)
        #expect(effects.attributions.map(\.signal) == [.workoutRetracted(inGhostBlock: true)])
        #expect(fixture.ghost.block(block)?.status == .scheduled)
        #expect(abs(fixture.ghost.trust.score - before) < 1e-9)
        #expect(fixture.ghost.workouts.allSatisfy { $0.undone })
        #expect(throws: EngineError.noWorkoutToUndo(nil)) { try fixture.send(.workoutUndone(id: nil), day: 0, hour: 23) }
    }

    @Test func theSameImportedReportArrivingAgainChangesNothing() throws {
        var fixture = try GhostFixture()
        _ = try fixture.send(.workoutRecorded(logged(0, from: (18, 0), to: (18, 45))), day: 0, hour: 19)
        let run = try imported("sample:7", 0, from: (18, 2), to: (18, 41))
        _ = try fixture.send(.workoutRecorded(run), day: 0, hour: 22)
        let ghost = fixture.ghost
        #expect(try fixture.send(.workoutRecorded(run), day: 0, hour: 23).isEmpty)
        #expect(fixture.ghost == ghost)
    }

    @Test func theRicherRecordOfAnUnplannedWorkoutMovesItsDayWithIt() throws {
        var fixture = try GhostFixture()
        // Logged at 00:10 on Tuesday for a run the watch says started at 23:50 on Monday.
        _ = try fixture.send(.workoutRecorded(logged(1, from: (0, 10), to: (0, 40))), day: 1, hour: 1)
        _ = try fixture.send(.workoutRecorded(imported("sample:9", 0, from: (23, 50), to: (23, 59))), day: 1, hour: 8)
        #expect(fixture.ghost.unplannedWorkoutDays == [TestTime.monday])
    }
}

extension GhostWorkoutMergeTests {
    @Test func aHandLogThatMissedTheBlockCompletesItOnceTheMeasuredTimesShowItWasThere() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        let block = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let start = try TestTime.date(0, 19, 20)
        // Typed an hour after the run: the log guesses 19:20-20:05, past the block and its tolerance.
        let log = WorkoutReport(id: "log:late", start: start, end: try TestTime.date(0, 20, 5), confidence: 1)
        _ = try fixture.send(.workoutRecorded(log), day: 0, hour: 20, minute: 5)
        #expect(fixture.ghost.block(block)?.status == .scheduled)
        let withUnplanned = fixture.ghost.trust.score
        let watch = WorkoutReport(
            id: "sample:4", start: try TestTime.date(0, 18, 50), end: try TestTime.date(0, 19, 35), confidence: 0.9,
            source: "Garmin", activity: "running")
        let effects = try fixture.send(.workoutRecorded(watch), day: 0, hour: 22)
        #expect(effects.attributions.map(\.signal) == [.workoutRetracted(inGhostBlock: false), .workoutCompleted(inGhostBlock: true)])
        #expect(fixture.ghost.block(block)?.status == .completed)
        #expect(fixture.ghost.unplannedWorkoutDays.isEmpty)
        #expect(fixture.ghost.trust.score > withUnplanned, "a block workout earns more than an unplanned one")
        #expect(fixture.ghost.workouts.filter(\.counts).map(\.completedBlock) == [block])
        // Undoing the measured workout reopens the block and leaves no trust behind.
        _ = try fixture.send(.workoutUndone(id: "sample:4"), day: 0, hour: 23)
        #expect(fixture.ghost.block(block)?.status == .scheduled)
    }
}
