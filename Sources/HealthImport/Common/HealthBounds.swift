/// Plausibility bounds; a record outside them is skipped as `outOfRange` (documented in Docs/health-data.md).
enum HealthBounds {
    /// A sleep segment lasts at most a day (minutes).
    static let sleepMinutes: ClosedRange<Double> = 0...1440
    /// HRV (SDNN) in milliseconds.
    static let hrvMilliseconds: ClosedRange<Double> = 1...300
    /// Resting heart rate in beats per minute.
    static let restingHeartRate: ClosedRange<Double> = 20...250
    /// Steps in one record.
    static let stepsPerRecord: ClosedRange<Double> = 0...100_000
    /// A workout lasts at most a day (minutes).
    static let workoutMinutes: ClosedRange<Double> = 0...1440
    /// Energy of one workout in kilocalories.
    static let workoutKilocalories: ClosedRange<Double> = 0...20_000

    /// Timestamps stored as numbers (Gadgetbridge, FIT) must fall between 2000-01-01 and 2100-01-01 (seconds since 1970).
    static let numericTimestampSeconds: ClosedRange<Int64> = 946_684_800...4_102_444_800

    /// Formats a bound or value without a trailing ".0".
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// "0…1440"
    static func text(_ range: ClosedRange<Double>) -> String {
        "\(text(range.lowerBound))…\(text(range.upperBound))"
    }
}
