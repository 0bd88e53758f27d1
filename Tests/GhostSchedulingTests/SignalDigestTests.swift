import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

struct SignalDigestTests {
    private let thursday = Week.monday.adding(days: 3)

    private func segment(_ day: Int, _ from: (Int, Int), _ to: (Int, Int), stage: String, source: String = "Watch") throws
        -> HealthSample {
        let start = try Week.at(day, from.0, from.1)
        let end = try Week.at(from.0 > to.0 ? day + 1 : day, to.0, to.1)
        return HealthSample(kind: .sleep, source: source, start: start, end: end, value: end.timeIntervalSince(start) / 60, detail: stage)
    }

    private func reading(_ kind: HealthKind, day: Int, hour: Int, _ value: Double) throws -> HealthSample {
        let at = try Week.at(day, hour)
        return HealthSample(kind: kind, source: "Watch", start: at, end: at, value: value)
    }

    @Test func overlappingSleepFromTwoDevicesIsMergedNotAdded() throws {
        let digest = SignalDigest(calendar: Week.berlin, samples: [
            try segment(2, (23, 0), (6, 0), stage: "core"),
            try segment(2, (23, 30), (6, 30), stage: "asleep", source: "Phone"),
        ])
        let sleep = try #require(try digest.recoveryInputs(on: thursday).sleepMinutes)
        #expect(sleep.value == 450)
        #expect(sleep.source == "Phone+Watch:sleep:asleep")
    }

    @Test func awakeSegmentsDoNotCountAsSleep() throws {
        let digest = SignalDigest(calendar: Week.berlin, samples: [
            try segment(2, (23, 0), (3, 0), stage: "deep"), try segment(3, (3, 0), (4, 0), stage: "awake"),
            try segment(3, (4, 0), (6, 0), stage: "rem"),
        ])
        #expect(try digest.morningSignals(on: thursday).lastNightSleepMinutes == 360)
    }

    @Test func timeInBedCountsOnlyWhenNoDeviceRecordedSleep() throws {
        let digest = SignalDigest(calendar: Week.berlin, samples: [try segment(2, (22, 30), (6, 30), stage: "inBed")])
        #expect(try digest.recoveryInputs(on: thursday).sleepMinutes?.source == "Watch:sleep:inBed")
        #expect(try digest.morningSignals(on: thursday).lastNightSleepMinutes == 480)
    }

    @Test func anAfternoonNapBelongsToNoNight() throws {
        let digest = SignalDigest(calendar: Week.berlin, samples: [try segment(3, (15, 0), (16, 0), stage: "asleep")])
        #expect(try digest.recoveryInputs(on: thursday).sleepMinutes == nil)
        #expect(try digest.recoveryInputs(on: thursday.adding(days: 1)).sleepMinutes == nil)
    }

    @Test func hrvBaselineIsTheMeanOfDailyMeansAndNeedsThreeDays() throws {
        var samples = [try reading(.hrv, day: 0, hour: 7, 40), try reading(.hrv, day: 0, hour: 8, 60), try reading(.hrv, day: 1, hour: 7, 40)]
        #expect(try SignalDigest(calendar: Week.berlin, samples: samples).recoveryInputs(on: thursday).hrvBaseline7 == nil)
        samples.append(try reading(.hrv, day: 2, hour: 7, 70))
        samples.append(try reading(.hrv, day: 3, hour: 5, 30))
        let inputs = try SignalDigest(calendar: Week.berlin, samples: samples).recoveryInputs(on: thursday)
        #expect(inputs.hrvBaseline7?.value == 160.0 / 3)
        #expect(inputs.hrv?.value == 30)
    }

    @Test func aCrashedHrvBelowBaselineReachesTheMorningRules() throws {
        let samples = try (0..<3).map { try reading(.hrv, day: $0, hour: 7, 60) } + [try reading(.hrv, day: 3, hour: 6, 30)]
        let signals = try SignalDigest(calendar: Week.berlin, samples: samples).morningSignals(on: thursday)
        let decision = MorningTransformer.decide(
            intensity: .heavy, durationMinutes: 60, signals: signals, capabilities: TrustPhase.transformer.capabilities,
            rules: TransformationRules())
        guard case .apply(let change) = decision else {
            Issue.record("expected a transformation, got \(decision)")
            return
        }
        #expect(change.rule == .hrvCrash)
    }

    @Test func coverageCountsWhichOfTheFourDailySignalsArrived() throws {
        let digest = SignalDigest(calendar: Week.berlin, samples: [
            try segment(2, (23, 0), (6, 0), stage: "core"), try reading(.hrv, day: 3, hour: 7, 50),
            try reading(.steps, day: 3, hour: 20, 9_000),
        ])
        #expect(try digest.coverage(of: thursday) == 0.75)
        #expect(try digest.coverage(of: thursday.adding(days: 1)) == 0)
    }

    @Test func strainComparesTheLastWeekWithTheMonthlyAverage() throws {
        let run = { (day: Int) throws -> HealthSample in
            HealthSample(kind: .workout, source: "Watch", start: try Week.at(day, 18), end: try Week.at(day, 18, 40), value: 40, detail: "running")
        }
        let digest = SignalDigest(calendar: Week.berlin, samples: [try run(-20), try run(-10), try run(0), try run(2)])
        let inputs = try digest.recoveryInputs(on: thursday)
        #expect(inputs.strainLast7Days?.value == 80)
        #expect(inputs.strainWeeklyAverage?.value == 40)
    }

    @Test func theNightBeforeFallBackIsTwentyFiveHoursLongAndCountedOnce() throws {
        let sunday = Week.fallBack
        let start = try Week.at(sunday.adding(days: -1), 23)
        let end = try Week.at(sunday, 7)
        let digest = SignalDigest(calendar: Week.berlin, samples: [
            HealthSample(kind: .sleep, source: "Watch", start: start, end: end, value: end.timeIntervalSince(start) / 60, detail: "core"),
        ])
        #expect(try digest.morningSignals(on: sunday).lastNightSleepMinutes == 9 * 60)
    }
}
