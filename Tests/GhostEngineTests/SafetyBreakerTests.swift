import Testing
import GhostEngine

struct SafetyBreakerTests {
    let rules = BreakerRules()

    @Test func threeConsecutiveDeletionsDowngradeToScheduler() {
        var breaker = SafetyBreaker()
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .doNothing)
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .doNothing)
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .downgrade(to: .scheduler))
    }

    @Test func twoDeletionsDoNothing() {
        var breaker = SafetyBreaker()
        #expect(breaker.handle(.autoBlockDeleted(in: .transformer), rules: rules) == .doNothing)
        #expect(breaker.handle(.autoBlockDeleted(in: .transformer), rules: rules) == .doNothing)
        #expect(breaker.consecutiveDeletions == 2)
    }

    @Test func firingResetsTheCounter() {
        var breaker = SafetyBreaker(consecutiveDeletions: 2)
        #expect(breaker.handle(.autoBlockDeleted(in: .fullGhost), rules: rules) == .downgrade(to: .scheduler))
        #expect(breaker.consecutiveDeletions == 0)
        #expect(breaker.handle(.autoBlockDeleted(in: .fullGhost), rules: rules) == .doNothing)
    }

    @Test func workoutCompletedInAGhostBlockResetsDeletionCount() {
        var breaker = SafetyBreaker()
        _ = breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules)
        _ = breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules)
        #expect(breaker.handle(.workoutCompleted(inGhostBlock: true), rules: rules) == .doNothing)
        #expect(breaker.consecutiveDeletions == 0)
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .doNothing)
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .doNothing)
    }

    @Test func theBreakerIsNotResetByAnUnplannedWorkout() {
        var breaker = SafetyBreaker()
        _ = breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules)
        _ = breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules)
        #expect(breaker.handle(.workoutCompleted(inGhostBlock: false), rules: rules) == .doNothing)
        #expect(breaker.consecutiveDeletions == 2)
        #expect(breaker.handle(.autoBlockDeleted(in: .autoScheduler), rules: rules) == .downgrade(to: .scheduler))
    }

    @Test func deletionsBelowAutoSchedulerDoNotCount() {
        var breaker = SafetyBreaker()
        for phase in [TrustPhase.observer, .scheduler, .scheduler, .scheduler] {
            #expect(breaker.handle(.autoBlockDeleted(in: phase), rules: rules) == .doNothing)
        }
        #expect(breaker.consecutiveDeletions == 0)
    }

    @Test func deletionsCountInEveryPhaseFromAutoSchedulerUp() {
        for phase in [TrustPhase.autoScheduler, .transformer, .fullGhost] {
            var breaker = SafetyBreaker(consecutiveDeletions: 2)
            #expect(breaker.handle(.autoBlockDeleted(in: phase), rules: rules) == .downgrade(to: .scheduler))
        }
    }

    @Test func apologyIsTheExactSentence() {
        #expect(SafetyBreaker.apology == "I've been scheduling at bad times. I'll suggest instead of auto-schedule for now.")
    }
}
