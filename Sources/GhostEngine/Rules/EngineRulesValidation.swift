extension EngineRules {
    /// Checks that every rule can work: windows and counts at least 1, shares within 0…1, ghost-health
    /// thresholds increasing. The daemon calls this when it loads a config, before building a `Ghost`.
    /// - Throws: `EngineError.invalidRule` naming the first rule that cannot work (e.g. `health.recentWindowDays`).
    public func validate() throws(EngineError) {
        for (name, value) in [
            ("health.baselineDays", health.baselineDays), ("health.recentWindowDays", health.recentWindowDays),
            ("health.referenceWindowDays", health.referenceWindowDays),
            ("health.completenessWindowDays", health.completenessWindowDays),
            ("health.minPlannedSessions", health.minPlannedSessions),
            ("breaker.consecutiveDeletions", breaker.consecutiveDeletions),
            ("triage.questionsPerLocalDay", triage.questionsPerLocalDay),
            ("triage.rejectionsBeforeSacred", triage.rejectionsBeforeSacred),
            ("triage.deletionsBeforeSacred", triage.deletionsBeforeSacred),
            ("ghostHealth.degradedAfterFailures", ghostHealth.degradedAfterFailures),
            ("ghostHealth.successesToRecover", ghostHealth.successesToRecover),
            ("retention.receiptDays", retention.receiptDays), ("retention.blockLedgerDays", retention.blockLedgerDays),
        ] where value < 1 {
            throw EngineError.invalidRule(name: name, problem: "must be at least 1, is \(value)")
        }
        let requirements = [
            ("trust.toScheduler", trust.toScheduler), ("trust.toAutoScheduler", trust.toAutoScheduler),
            ("trust.toTransformer", trust.toTransformer), ("trust.toFullGhost", trust.toFullGhost),
        ]
        var shares = [
            ("trust.initialScore", trust.initialScore), ("trust.unplannedWorkoutConfidence", trust.unplannedWorkoutConfidence),
            ("trust.unknownAmbiguityWeight", trust.unknownAmbiguityWeight), ("breaker.scoreCap", breaker.scoreCap),
            ("health.baselineCompleteness", health.baselineCompleteness),
            ("health.checkInEvidence", health.checkInEvidence), ("health.trainingEvidence", health.trainingEvidence),
        ]
        for (name, requirement) in requirements {
            shares.append(("\(name).minScore", requirement.minScore))
            shares.append(("\(name).minHealthConfidence", requirement.minHealthConfidence))
            if requirement.minDaysInPreviousPhase < 0 {
                throw EngineError.invalidRule(name: "\(name).minDaysInPreviousPhase", problem: "must not be negative")
            }
        }
        for (name, value) in shares where !(value.isFinite && (0...1).contains(value)) {
            throw EngineError.invalidRule(name: name, problem: "must be within 0…1, is \(value)")
        }
        guard ghostHealth.failureWindowHours.isFinite, ghostHealth.failureWindowHours > 0 else {
            throw EngineError.invalidRule(
                name: "ghostHealth.failureWindowHours", problem: "must be above 0, is \(ghostHealth.failureWindowHours)")
        }
        guard triage.missedGraceMinutes >= 0 else {
            throw EngineError.invalidRule(name: "triage.missedGraceMinutes", problem: "must not be negative, is \(triage.missedGraceMinutes)")
        }
        guard trust.autonomousActionBaseThreshold > 0 else {
            throw EngineError.invalidRule(name: "trust.autonomousActionBaseThreshold", problem: "must be above 0")
        }
        guard ghostHealth.degradedAfterFailures < ghostHealth.safeModeAfterFailures,
              ghostHealth.safeModeAfterFailures < ghostHealth.suspendedAfterFailures
        else {
            throw EngineError.invalidRule(
                name: "ghostHealth", problem: "needs degradedAfterFailures < safeModeAfterFailures < suspendedAfterFailures")
        }
    }
}
