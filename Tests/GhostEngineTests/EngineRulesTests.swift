import Foundation
import Testing
import GhostEngine

struct EngineRulesTests {
    @Test func defaultsAreTheNumbersOfTheIssue() {
        let rules = EngineRules.standard
        #expect(rules.breaker.consecutiveDeletions == 3 && rules.breaker.scoreCap == 0.5 && rules.breaker.dropTo == .scheduler)
        #expect(rules.health.baselineDays == 14 && rules.health.baselineCompleteness == 0.7)
        #expect(rules.health.maintenanceDays == 45 && rules.health.maintenanceStability == 0.8)
        #expect(rules.health.regressionMissRate == 0.5 && rules.health.regressionDeviation == 0.4)
        #expect(rules.health.recoverySignal == 0.6)
        #expect(rules.triage.questionsPerLocalDay == 1 && rules.triage.questionExpiryHours == 24)
        #expect(rules.triage.rejectionsBeforeSacred == 3)
        #expect(rules.trust.missedBadTimeSlot == -0.01 && rules.trust.missedLifeHappened == -0.005)
        #expect(rules.trust.missedUnknown == -0.01 && rules.trust.unknownAmbiguityWeight == 0.5)
        #expect(rules.retention.receiptDays == 90)
        #expect(rules.trust.requirement(toEnter: .observer) == nil)
    }

    @Test func rulesRoundTripThroughJSON() throws {
        var rules = EngineRules()
        rules.trust.toFullGhost.minScore = 0.9
        rules.ghostHealth.successesToRecover = 5
        let decoded = try JSONDecoder().decode(EngineRules.self, from: JSONEncoder().encode(rules))
        #expect(decoded == rules)
    }

    @Test func partialConfigOverridesOnlyWhatItNames() throws {
        let json = #"{"breaker":{"consecutiveDeletions":4},"health":{"recentWindowDays":10},"trust":{"demotionHysteresis":0.2}}"#
        let rules = try JSONDecoder().decode(EngineRules.self, from: Data(json.utf8))
        var expected = EngineRules()
        expected.breaker.consecutiveDeletions = 4
        expected.health.recentWindowDays = 10
        expected.trust.demotionHysteresis = 0.2
        #expect(rules == expected)
        #expect(try JSONDecoder().decode(EngineRules.self, from: Data("{}".utf8)) == EngineRules())
    }

    @Test func wronglyTypedConfigValueIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EngineRules.self, from: Data(#"{"triage":{"rejectionsBeforeSacred":"three"}}"#.utf8))
        }
    }

    @Test func errorsHaveStableCodesAndHumanMessages() {
        let id = BlockID(rawValue: "b1")
        let errors: [EngineError] = [
            .unknownTimeZone("X"), .invalidLocalTime("Y"), .unknownBlock(id),
            .blockNotInExpectedState(id, expected: "a", actual: "b"),
            .valueOutOfRange(name: "n", value: 2, allowed: "0…1"), .noOpenTriageQuestion(id),
            .invalidRule(name: "r", problem: "p"),
        ]
        #expect(Set(errors.map(\.code)).count == errors.count)
        #expect(errors.allSatisfy { !$0.message.isEmpty && $0.description == $0.message })
        #expect(EngineError.unknownBlock(id).message == "No block with id 'b1' is known to the engine.")
    }

    @Test func ghostRoundTripsThroughJSON() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        _ = try fixture.autoBlock(day: 0)
        _ = try fixture.send(.tick, day: 0, hour: 9)
        _ = try fixture.send(.dayClosed(TestTime.monday, signalCoverage: 0.9), day: 0, hour: 23, minute: 59)
        let data = try JSONEncoder().encode(fixture.ghost)
        #expect(try JSONDecoder().decode(Ghost.self, from: data) == fixture.ghost)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"ghostHealth\"") && json.contains("\"calendar\":\"Europe\\/Berlin\""))
    }
}

struct EngineRulesValidationTests {
    @Test func defaultRulesAreValid() throws {
        try EngineRules.standard.validate()
    }

    @Test func zeroDayWindowIsNamed() {
        var rules = EngineRules()
        rules.health.recentWindowDays = 0
        #expect(throws: EngineError.invalidRule(name: "health.recentWindowDays", problem: "must be at least 1, is 0")) {
            try rules.validate()
        }
    }

    @Test func shareAboveOneIsNamed() {
        var rules = EngineRules()
        rules.trust.toFullGhost.minScore = 1.2
        #expect(throws: EngineError.invalidRule(name: "trust.toFullGhost.minScore", problem: "must be within 0…1, is 1.2")) {
            try rules.validate()
        }
    }

    @Test func negativeMinimumDaysAndZeroAutonomyBaseAreRejected() {
        var days = EngineRules()
        days.trust.toScheduler.minDaysInPreviousPhase = -1
        #expect(throws: EngineError.self) { try days.validate() }
        var base = EngineRules()
        base.trust.autonomousActionBaseThreshold = 0
        #expect(throws: EngineError.self) { try base.validate() }
    }

    @Test func ghostHealthThresholdsMustIncrease() {
        var rules = EngineRules()
        rules.ghostHealth.safeModeAfterFailures = rules.ghostHealth.suspendedAfterFailures
        #expect(throws: EngineError.self) { try rules.validate() }
    }

    @Test func healthConfidenceStaysWithinZeroToOneWhateverTheConfig() throws {
        var rules = HealthRules()
        rules.baselineConfidenceBase = 1.5
        #expect(HealthProfile().confidence(rules) == 1)
    }
}
