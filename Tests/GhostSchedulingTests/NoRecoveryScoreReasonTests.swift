import CivilCalendar
import Foundation
import Testing

@testable import GhostScheduling

/// A morning without a recovery score says why in words that are true: values measured without their baselines yet are
/// named, not called missing.
struct NoRecoveryScoreReasonTests {
    private let day = LocalDay(year: 2026, month: 3, day: 2)
    private func value(_ number: Double) -> MetricValue {
        MetricValue(value: number, source: "watch", recordedAt: Date(timeIntervalSince1970: 1_772_400_000))
    }

    @Test func aMorningWithNothingMeasuredSaysNoValueWasGiven() {
        #expect(RecoveryInputs(day: day).noScoreReason.hasPrefix("No sleep, HRV or heart-rate value was given for 2026-03-02"))
    }

    @Test func sleepAndHRVWithoutBaselinesAreNamedWithWhatMakesOne() {
        var inputs = RecoveryInputs(day: day)
        inputs.sleepMinutes = value(420)
        inputs.hrv = value(48)
        inputs.hrvBaseline7 = value(50)
        #expect(inputs.noScoreReason == "sleep (its baseline needs 3 of the 14 nights before); HRV (its baselines need readings on "
            + "3 of the 7 days before and 7 of the 30) for 2026-03-02 came without a baseline to compare with yet; training strain "
            + "alone makes no recovery score.")
        #expect(throws: SchedulingError.noRecoveryInputs(day)) { try RecoveryFormula.standard.score(inputs) }
    }

    @Test func aRestingHeartRateWithoutItsBaselineIsNamed() {
        var inputs = RecoveryInputs(day: day)
        inputs.restingHeartRate = value(54)
        #expect(inputs.measuredWithoutBaseline == ["resting heart rate (its baseline needs readings on 3 of the 30 days before)"])
    }
}
