extension RecoveryInputs {
    /// The morning's measured values that could not count for want of a baseline, each with what makes one:
    /// "sleep (its baseline needs 3 of the 14 nights before)".
    public var measuredWithoutBaseline: [String] {
        var unpaired: [String] = []
        if sleepMinutes != nil, sleepBaselineMinutes == nil {
            unpaired.append(
                "sleep (its baseline needs \(SignalDigest.sleepBaselineMinimum) of the \(SignalDigest.sleepBaselineNights) nights before)")
        }
        if hrv != nil, hrvBaseline7 == nil || hrvBaseline30 == nil {
            unpaired.append(
                "HRV (its baselines need readings on \(SignalDigest.shortBaselineMinimum) of the 7 days before and "
                    + "\(SignalDigest.longBaselineMinimum) of the 30)")
        }
        if restingHeartRate != nil, restingHeartRateBaseline == nil {
            unpaired.append("resting heart rate (its baseline needs readings on \(SignalDigest.shortBaselineMinimum) of the 30 days before)")
        }
        return unpaired
    }

    /// Why the morning has no recovery score, naming what was measured when something was: values without their
    /// baselines yet are not "no value".
    public var noScoreReason: String {
        let unpaired = measuredWithoutBaseline
        guard !unpaired.isEmpty else { return SchedulingError.noRecoveryInputs(day).message }
        return "\(unpaired.joined(separator: "; ")) for \(day) came without a baseline to compare with yet; "
            + "training strain alone makes no recovery score."
    }
}
