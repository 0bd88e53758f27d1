import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Last night's data landing after the morning cycle: when the morning decides again. Tuesday of the test week, Berlin,
/// a block at 07:30.
struct LateNightTests {
    private let tuesday = Week.monday.adding(days: 1)

    private func ghostWithBlockAtHalfPastSeven() throws -> (Ghost, ScheduledBlock) {
        var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: .transformer), now: try Week.at(0, 1))
        let candidate = BlockCandidate(start: try Week.at(1, 7, 30), durationMinutes: 45, confidence: 1)
        _ = try ghost.handle(.placementRequested(candidate, alternatives: []), now: try Week.at(0, 21))
        return (ghost, try #require(ghost.blocks.first))
    }

    /// A night asleep from Monday 23:00 to Tuesday 03:00.
    private func shortNight() throws -> HealthSample {
        HealthSample(kind: .sleep, source: "Watch", start: try Week.at(0, 23), end: try Week.at(1, 3), value: 240, detail: "core")
    }

    private func reading(_ kind: HealthKind, _ at: Date, _ value: Double) -> HealthSample {
        HealthSample(kind: kind, source: "Watch", start: at, end: at, value: value)
    }

    private func verdict(_ arrived: [HealthSample], ghost: Ghost, lastMorning: LocalDay?, at now: Date) throws -> LateNight.Verdict {
        try LateNight.verdict(arrived: arrived, today: tuesday, lastMorning: lastMorning, ghost: ghost, now: now, calendar: Week.berlin)
    }

    @Test func lastNightsSleepAfterTheMorningAndBeforeTheFirstBlockDecidesAgain() throws {
        let (ghost, _) = try ghostWithBlockAtHalfPastSeven()
        #expect(try verdict([try shortNight()], ghost: ghost, lastMorning: tuesday, at: try Week.at(1, 6, 40)) == .decideAgain)
    }

    @Test func lastNightsHRVOrRestingHeartRateAloneDecidesAgain() throws {
        let (ghost, _) = try ghostWithBlockAtHalfPastSeven()
        let now = try Week.at(1, 6, 40)
        #expect(try verdict([reading(.hrv, try Week.at(1, 5), 40)], ghost: ghost, lastMorning: tuesday, at: now) == .decideAgain)
        // Yesterday's resting heart rate is what this morning reads too.
        #expect(try verdict([reading(.restingHeartRate, try Week.at(0, 9), 58)], ghost: ghost, lastMorning: tuesday, at: now) == .decideAgain)
    }

    @Test func aNightThatLandsAfterTheFirstBlockStartedChangesNothing() throws {
        let (ghost, block) = try ghostWithBlockAtHalfPastSeven()
        #expect(try verdict([try shortNight()], ghost: ghost, lastMorning: tuesday, at: try Week.at(1, 7, 30)) == .blockStarted(block.id))
    }

    @Test func onlyOlderNightsOrStepsDecideNothingAgain() throws {
        let (ghost, _) = try ghostWithBlockAtHalfPastSeven()
        let now = try Week.at(1, 6, 40)
        let sundayNight = HealthSample(
            kind: .sleep, source: "Watch", start: try Week.at(-1, 23), end: try Week.at(0, 3), value: 240, detail: "core")
        let older = [sundayNight, reading(.hrv, try Week.at(0, 5), 40), reading(.restingHeartRate, try Week.at(-1, 9), 58)]
        #expect(try verdict(older, ghost: ghost, lastMorning: tuesday, at: now) == .nothingForLastNight)
        let steps = HealthSample(kind: .steps, source: "Watch", start: try Week.at(1, 6), end: try Week.at(1, 6, 30), value: 900)
        #expect(try verdict([steps], ghost: ghost, lastMorning: tuesday, at: now) == .nothingForLastNight)
    }

    @Test func beforeTodaysMorningCycleTheMorningReadsTheNightItself() throws {
        let (ghost, _) = try ghostWithBlockAtHalfPastSeven()
        let now = try Week.at(1, 5, 30)
        #expect(try verdict([try shortNight()], ghost: ghost, lastMorning: Week.monday, at: now) == .beforeTheMorning)
        #expect(try verdict([try shortNight()], ghost: ghost, lastMorning: nil, at: now) == .beforeTheMorning)
    }

    @Test func aBlockTheMorningRulesChangedAlreadyIsNotDecidedAgain() throws {
        var (ghost, block) = try ghostWithBlockAtHalfPastSeven()
        let now = try Week.at(1, 6, 40)
        #expect(LateNight.blocksToDecide(ghost: ghost, today: tuesday, now: now) == [block.id])
        _ = try ghost.handle(
            .adjustmentRequested(block.id, .transform(durationMinutes: 20), confidence: 1, reason: "HRV", rule: "hrvCrash"), now: now)
        #expect(LateNight.blocksToDecide(ghost: ghost, today: tuesday, now: now).isEmpty)
    }
}
