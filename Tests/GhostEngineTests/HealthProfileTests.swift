import Testing
import GhostEngine

/// Builds day summaries: `offset` days after Monday with coverage and sessions.
func summary(
    _ offset: Int, coverage: Double = 1, planned: Int = 1, completed: Int = 1, unplanned: Int = 0, checkedIn: Bool = false
) throws -> DaySummary {
    try DaySummary(
        day: TestTime.monday.adding(days: offset), signalCoverage: coverage, plannedSessions: planned,
        completedSessions: completed, unplannedWorkouts: unplanned, checkedIn: checkedIn)
}

struct HealthMetricsTests {
    let rules = HealthRules()

    @Test func completenessAveragesCoverageOverFourteenDaysCountingMissingDaysAsZero() throws {
        let days = try (0..<7).map { try summary($0, coverage: 1) }
        let metrics = HealthMetrics.compute(from: days, endingOn: TestTime.monday.adding(days: 13), rules: rules)
        #expect(metrics.completeness == 0.5)
    }

    @Test func stabilityIsOneMinusTheChangeInWeeklyCompletion() throws {
        let prior = try (0..<7).map { try summary($0, completed: 1) }
        let recent = try (7..<14).map { try summary($0, completed: $0 < 11 ? 1 : 0) }
        let metrics = HealthMetrics.compute(from: prior + recent, endingOn: TestTime.monday.adding(days: 13), rules: rules)
        #expect(abs(metrics.stability - (1 - 3.0 / 7.0)) < 1e-12)
        #expect(abs((metrics.missRate ?? -1) - 3.0 / 7.0) < 1e-12)
    }

    @Test func tooFewPlannedSessionsMakeRatesUnknown() throws {
        let days = try [summary(0, planned: 1, completed: 0), summary(1, planned: 1, completed: 0)]
        let metrics = HealthMetrics.compute(from: days, endingOn: TestTime.monday.adding(days: 1), rules: rules)
        #expect(metrics.missRate == nil)
        #expect(metrics.stability == 0)
        #expect(metrics.deviation == 0)
    }

    @Test func deviationIsTheRelativeDropBelowTheReferenceRate() throws {
        let reference = try (0..<28).map { try summary($0, completed: 1) }
        let recent = try (28..<35).map { try summary($0, completed: $0 < 31 ? 1 : 0) }
        let metrics = HealthMetrics.compute(from: reference + recent, endingOn: TestTime.monday.adding(days: 34), rules: rules)
        #expect(abs(metrics.deviation - 4.0 / 7.0) < 1e-12)
    }

    @Test func recoveryCountsUnplannedWorkoutsAgainstAtLeastTheMinimumSessions() throws {
        let days = try [summary(0, planned: 0, completed: 0, unplanned: 2)]
        let metrics = HealthMetrics.compute(from: days, endingOn: TestTime.monday, rules: rules)
        #expect(abs(metrics.recoverySignal - 2.0 / 3.0) < 1e-12)
    }

    @Test func daySummaryRejectsImpossibleValues() {
        #expect(throws: EngineError.self) { try summary(0, coverage: 1.1) }
        #expect(throws: EngineError.self) { try summary(0, planned: 1, completed: 2) }
        #expect(throws: EngineError.self) { try summary(0, planned: 1, completed: 1, unplanned: -1) }
    }
}

struct HealthProfileTests {
    let rules = HealthRules()

    /// A profile fed `count` days from Monday, each from `make`.
    func profile(days count: Int, _ make: (Int) throws -> DaySummary) throws -> (HealthProfile, [HealthProfile.Change]) {
        var profile = HealthProfile()
        var changes: [HealthProfile.Change] = []
        for offset in 0..<count {
            if let change = profile.close(try make(offset), rules: rules) { changes.append(change) }
        }
        return (profile, changes)
    }

    @Test func baselineConfidenceGrowsWithDaysOfData() throws {
        #expect(HealthProfile().confidence(rules) == 0.3)
        let (seven, _) = try profile(days: 7) { try summary($0) }
        #expect(abs(seven.confidence(rules) - 0.4) < 1e-12)
    }

    @Test func baselineEndsAtFourteenDaysWithCompletenessAboveSevenTenths() throws {
        let (profile, changes) = try profile(days: 14) { try summary($0, coverage: 0.71) }
        #expect(profile.phase == .adaptation)
        #expect(changes.map(\.to) == [.adaptation])
        #expect(changes.first?.day == TestTime.monday.adding(days: 13))
    }

    @Test func thirteenDaysOfDataStayInBaseline() throws {
        let (profile, _) = try profile(days: 13) { try summary($0) }
        #expect(profile.phase == .baseline)
    }

    @Test func completenessExactlySevenTenthsStaysInBaseline() throws {
        let (profile, _) = try profile(days: 14) { try summary($0, coverage: 0.7, completed: 0) }
        #expect(profile.phase == .baseline)
    }

    @Test func daysWithoutDataDoNotCountAsDaysOfData() throws {
        let (profile, _) = try profile(days: 20) { try summary($0, coverage: $0 % 2 == 0 ? 1 : 0, completed: 0) }
        #expect(profile.daysOfData == 10)
        #expect(profile.phase == .baseline)
    }

    @Test func adaptationBecomesMaintenanceAtFortyFiveDaysWhenStable() throws {
        let (profile, changes) = try profile(days: 45) { try summary($0) }
        #expect(profile.phase == .maintenance)
        #expect(changes.last?.day == TestTime.monday.adding(days: 44))
        #expect(profile.confidence(rules) == 1)
    }

    @Test func fortyFourDaysStayInAdaptation() throws {
        let (profile, _) = try profile(days: 44) { try summary($0) }
        #expect(profile.phase == .adaptation)
        #expect(abs(profile.confidence(rules) - 0.8) < 1e-12)
    }

    @Test func stabilityExactlyEightTenthsIsNotStableEnough() throws {
        let (profile, _) = try profile(days: 45) { offset in
            try summary(offset, planned: 5, completed: offset >= 38 ? 4 : 5)
        }
        #expect(profile.metrics.stability == 0.8)
        #expect(profile.phase == .adaptation)
    }

    /// Maintenance reached on day 45 (offset 44), then `tail` decides each later day.
    func afterMaintenance(
        extra: Int, rules: HealthRules = HealthRules(), _ tail: (Int) throws -> DaySummary
    ) throws -> (HealthProfile, [HealthProfile.Change]) {
        var profile = HealthProfile()
        var changes: [HealthProfile.Change] = []
        for offset in 0..<(45 + extra) {
            let day = offset < 45 ? try summary(offset) : try tail(offset)
            if let change = profile.close(day, rules: rules) { changes.append(change) }
        }
        return (profile, changes)
    }

    /// Rules in which only the miss rate can trigger regression.
    var missRateOnly: HealthRules {
        var rules = HealthRules()
        rules.regressionDeviation = 1
        return rules
    }

    /// Rules in which only the deviation can trigger regression.
    var deviationOnly: HealthRules {
        var rules = HealthRules()
        rules.regressionMissRate = 1
        return rules
    }

    @Test func missRateExactlyOneHalfStaysInMaintenance() throws {
        let (profile, _) = try afterMaintenance(extra: 7, rules: missRateOnly) { offset in
            try summary(offset, planned: 2, completed: 1)
        }
        #expect(profile.metrics.missRate == 0.5)
        #expect(profile.phase == .maintenance)
    }

    @Test func missRateAboveOneHalfEntersRegression() throws {
        let (profile, changes) = try afterMaintenance(extra: 4, rules: missRateOnly) { offset in
            try summary(offset, completed: 0)
        }
        #expect(abs((profile.metrics.missRate ?? 0) - 4.0 / 7.0) < 1e-12)
        #expect(profile.phase == .regression)
        #expect(changes.last?.from == .maintenance)
        #expect(profile.confidence(rules) == 0.3)
    }

    @Test func regressionConfidenceIsSixTenthsMinusMissRateAboveTheFloor() throws {
        var rules = HealthRules()
        rules.recoverySignal = 0.95
        let (profile, _) = try afterMaintenance(extra: 11, rules: rules) { offset in
            try summary(offset, completed: offset <= 49 ? 0 : 1)
        }
        #expect(profile.phase == .regression)
        #expect(abs(profile.confidence(rules) - (0.6 - 1.0 / 7.0)) < 1e-12)
    }

    @Test func missRateBelowOneHalfStaysInMaintenance() throws {
        let (profile, _) = try afterMaintenance(extra: 3, rules: missRateOnly) { offset in
            try summary(offset, completed: 0)
        }
        #expect(abs((profile.metrics.missRate ?? 0) - 3.0 / 7.0) < 1e-12)
        #expect(profile.phase == .maintenance)
    }

    @Test func regressionConfidenceNeverFallsBelowThreeTenths() throws {
        let (profile, _) = try afterMaintenance(extra: 7) { offset in try summary(offset, completed: 0) }
        #expect(profile.metrics.missRate == 1)
        #expect(profile.confidence(rules) == 0.3)
    }

    @Test func deviationAboveFourTenthsAloneEntersRegression() throws {
        let (atTwo, _) = try afterMaintenance(extra: 2, rules: deviationOnly) { offset in try summary(offset, completed: 0) }
        #expect(abs(atTwo.metrics.deviation - 2.0 / 7.0) < 1e-12)
        #expect(atTwo.phase == .maintenance)
        let (atThree, _) = try afterMaintenance(extra: 3, rules: deviationOnly) { offset in try summary(offset, completed: 0) }
        #expect(abs(atThree.metrics.deviation - 3.0 / 7.0) < 1e-12)
        #expect(atThree.phase == .regression)
    }

    @Test func recoveryAboveSixTenthsReturnsToAdaptation() throws {
        let (_, changes) = try afterMaintenance(extra: 12) { offset in
            try summary(offset, completed: offset < 52 ? 0 : 1)
        }
        #expect(Array(changes.map(\.to).prefix(4)) == [.adaptation, .maintenance, .regression, .adaptation])
        #expect(changes.count >= 4 && changes[3].day == TestTime.monday.adding(days: 56))
        #expect(changes.count >= 4 && abs(changes[3].metrics.recoverySignal - 5.0 / 7.0) < 1e-12)
    }

    @Test func recoveryExactlySixTenthsStaysInRegression() throws {
        var rules = HealthRules()
        rules.minPlannedSessions = 5
        var profile = HealthProfile()
        for offset in 0..<45 { _ = profile.close(try summary(offset), rules: rules) }
        for offset in 45..<52 { _ = profile.close(try summary(offset, completed: 0), rules: rules) }
        #expect(profile.phase == .regression)
        for offset in 52..<59 {
            _ = profile.close(try summary(offset, planned: offset < 57 ? 1 : 0, completed: offset < 55 ? 1 : 0), rules: rules)
        }
        #expect(profile.metrics.recoverySignal == 0.6)
        #expect(profile.phase == .regression)
    }

    @Test func regressionWithUnknownMissRateHasTheFloorConfidence() throws {
        let (profile, _) = try afterMaintenance(extra: 12) { offset in
            try summary(offset, planned: offset < 52 ? 1 : 0, completed: 0)
        }
        #expect(profile.phase == .regression)
        #expect(profile.metrics.missRate == nil)
        #expect(profile.confidence(rules) == 0.3)
    }

    @Test func autonomousThresholdIsBaseOverConfidence() throws {
        let (profile, _) = try profile(days: 7) { try summary($0) }
        #expect(abs(profile.autonomousActionThreshold(base: 0.3, rules: rules) - 0.75) < 1e-12)
    }

    @Test func closingTheSameDayAgainReplacesItWithoutDoubleCounting() throws {
        var profile = HealthProfile()
        _ = profile.close(try summary(0, coverage: 0, completed: 0), rules: rules)
        _ = profile.close(try summary(0, coverage: 1, completed: 0), rules: rules)
        #expect(profile.daysOfData == 1)
        _ = profile.close(try summary(0, coverage: 0.5, completed: 0), rules: rules)
        #expect(profile.daysOfData == 1)
        #expect(profile.evidenceDays == 0.5)
        _ = profile.close(try summary(0, coverage: 0, completed: 0), rules: rules)
        #expect(profile.daysOfData == 0)
        #expect(profile.evidenceDays == 0)
        #expect(profile.recentDays.count == 1)
    }

    @Test func onlyTheWindowsTheMetricsNeedAreKept() throws {
        let (profile, _) = try profile(days: 50) { try summary($0) }
        #expect(profile.recentDays.count == 35)
        #expect(profile.recentDays.first?.day == TestTime.monday.adding(days: 15))
    }

    @Test func phaseNamesAreCapitalised() {
        #expect(HealthPhase.allCases.map(\.displayName) == ["Baseline", "Adaptation", "Maintenance", "Regression"])
    }

    @Test func baselineAndRegressionSpeakTheSeedsLines() {
        #expect(HealthPhase.baseline.line == "Still learning your patterns...")
        #expect(HealthPhase.regression.line == "Noticed things have been tough. Let's rebuild together.")
        #expect(Set(HealthPhase.allCases.map(\.line)).count == HealthPhase.allCases.count)
    }
}
