import Foundation
import Testing
import GhostEngine

/// How biometrics, check-ins and workouts count toward the health profile (Docs/engine.md, "Evidence").
struct HealthEvidenceTests {
    let rules = HealthRules()

    func profile(days count: Int, _ make: (Int) throws -> DaySummary) throws -> HealthProfile {
        var profile = HealthProfile()
        for offset in 0..<count { _ = profile.close(try make(offset), rules: rules) }
        return profile
    }

    @Test func aCheckInAloneIsThreeQuartersOfADayAndAWorkoutAddsAQuarter() throws {
        #expect(try summary(0, coverage: 0, completed: 0, checkedIn: true).evidence(rules) == 0.75)
        #expect(try summary(0, coverage: 0, completed: 1, checkedIn: true).evidence(rules) == 1)
        #expect(try summary(0, coverage: 0, completed: 1).evidence(rules) == 0.25)
        #expect(try summary(0, coverage: 1, completed: 1, checkedIn: true).evidence(rules) == 1)
        #expect(try summary(0, coverage: 0, completed: 0).evidence(rules) == 0)
    }

    @Test func aLoggedWorkoutWithoutABlockIsTrainingEvidence() throws {
        let day = try DaySummary(
            day: TestTime.monday, signalCoverage: 0, plannedSessions: 0, completedSessions: 0, trained: true)
        #expect(day.hasData)
        #expect(day.evidence(rules) == 0.25)
    }

    @Test func fourteenMorningsOfCheckInsLeaveBaselineLikeAWearable() throws {
        let reported = try profile(days: 14) { try summary($0, coverage: 0, completed: $0 % 2, checkedIn: true) }
        let measured = try profile(days: 14) { try summary($0, coverage: 1, completed: $0 % 2) }
        #expect(reported.phase == .adaptation)
        #expect(measured.phase == .adaptation)
        #expect(reported.confidence(rules) >= 0.5)
    }

    @Test func biometricsGiveMoreBaselineConfidenceThanCheckIns() throws {
        let reported = try profile(days: 7) { try summary($0, coverage: 0, completed: 0, checkedIn: true) }
        let measured = try profile(days: 7) { try summary($0, coverage: 1, completed: 0) }
        #expect(abs(measured.confidence(rules) - (0.3 + 7.0 / 14 * 0.2)) < 1e-12)
        #expect(abs(reported.confidence(rules) - (0.3 + 7 * 0.75 / 14 * 0.2)) < 1e-12)
    }

    @Test func workoutsWithoutCheckInsOrBiometricsNeverLeaveBaseline() throws {
        let profile = try profile(days: 30) { try summary($0, coverage: 0, completed: 1) }
        #expect(profile.phase == .baseline)
        #expect(profile.metrics.completeness == 0.25)
    }

    @Test func nothingReportedKeepsTheConfidenceAtItsFloor() throws {
        let profile = try profile(days: 60) { try summary($0, coverage: 0, completed: 0) }
        #expect(profile.phase == .baseline)
        #expect(profile.confidence(rules) == 0.3)
        #expect(profile.daysOfData == 0)
    }

    @Test func aProfileSavedBeforeEvidenceWasWeighedCountsEachDayOfDataFully() throws {
        let measured = try profile(days: 5) { try summary($0, coverage: 1, completed: 0) }
        var saved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(measured)) as? [String: Any] ?? [:]
        saved["evidenceDays"] = nil
        saved["recentDays"] = (saved["recentDays"] as? [[String: Any]] ?? []).map { day in
            day.filter { $0.key != "checkedIn" && $0.key != "trained" }
        }
        let restored = try JSONDecoder().decode(HealthProfile.self, from: JSONSerialization.data(withJSONObject: saved))
        #expect(restored.evidenceDays == 5)
        #expect(restored.recentDays.allSatisfy { !$0.checkedIn && !$0.trained })
    }

    @Test func theGhostCountsTheDaysCheckInAndALoggedWorkoutAsEvidence() throws {
        var fixture = try GhostFixture()
        let start = try TestTime.date(0, 18)
        _ = try fixture.send(
            .workoutRecorded(WorkoutReport(id: "log:1", start: start, end: start.addingTimeInterval(2700), confidence: 1)),
            day: 0, hour: 19)
        _ = try fixture.send(.dayClosed(TestTime.monday, signalCoverage: 0, checkedIn: true), day: 0, hour: 23, minute: 59)
        let closed = try #require(fixture.ghost.health.recentDays.last)
        #expect(closed.checkedIn && closed.trained)
        #expect(fixture.ghost.health.evidenceDays == 1)
        _ = try fixture.send(.dayClosed(TestTime.monday.adding(days: 1), signalCoverage: 0), day: 1, hour: 23, minute: 59)
        #expect(fixture.ghost.health.daysOfData == 1)
    }

    @Test func weightsOutsideZeroToOneAreRefused() throws {
        var engine = EngineRules.standard
        engine.health.checkInEvidence = 1.5
        #expect(throws: EngineError.self) { try engine.validate() }
    }
}
